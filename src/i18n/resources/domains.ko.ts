import type { domainsEn } from './domains.en';

/** Korean messages of the `domains` resource. */
export const domainsKo: typeof domainsEn = {
  name: '허용 도메인 |||| 허용 도메인',
  fields: {
    domain: '도메인',
    description: '설명',
    activeFlag: '사용',
    createdAt: '생성일',
    updatedAt: '수정일',
    q: '검색',
  },
  helpers: {
    domain: '이 도메인의 이메일 주소로 가입할 수 있습니다 (예: example.com)',
  },
  notifications: {
    created: '도메인 %{name} 추가됨',
    updated: '도메인 %{name} 저장됨',
    deleted: '도메인 삭제됨 |||| 도메인 %{smart_count}개 삭제됨',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { domain: '도메인' };
