import type { alertMailsEn } from './alert-mails.en';

/** Korean messages of the `alert-mails` resource. */
export const alertMailsKo: typeof alertMailsEn = {
  name: '알림 메일 |||| 알림 메일',
  fields: {
    procedure: '프로시저',
    errorId: '오류 ID',
    subtitle: '부제목',
    content: '내용',
    createdAt: '생성일',
    updatedAt: '수정일',
    q: '검색',
  },
  helpers: {
    procedure: '데이터 수집 프로시저 (예: collect-meta-ads)',
    errorId: '이 메일이 해당하는 오류, 또는 프로시저의 그 밖의 모든 오류는 *',
    placeholders: '자리표시자: %{list}',
  },
  anyOtherError: '그 밖의 모든 오류',
  notifications: {
    created: '알림 메일 %{name} 추가됨',
    updated: '알림 메일 %{name} 저장됨',
    deleted: '알림 메일 삭제됨 |||| 알림 메일 %{smart_count}개 삭제됨',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { 'alert mail': '알림 메일' };
