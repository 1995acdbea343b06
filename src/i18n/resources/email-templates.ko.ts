import type { emailTemplatesEn } from './email-templates.en';

/** Korean messages of the `email-templates` resource. */
export const emailTemplatesKo: typeof emailTemplatesEn = {
  name: '이메일 템플릿 |||| 이메일 템플릿',
  fields: {
    type: '유형',
    typeId: '유형 ID',
    title: '제목',
    body: '본문',
    activeFlag: '사용',
    statements: '추가 문단',
    statement: '문단',
    attachment: '첨부 파일',
    createdAt: '생성일',
    updatedAt: '수정일',
    q: '검색',
  },
  types: {
    otp: '인증 코드',
    'signup-request': '가입 요청 (승인자에게)',
    'signup-approved': '가입 승인',
    'password-reset': '비밀번호 재설정',
    'account-exists': '기존 계정 안내 (가입된 이메일로 가입 요청)',
    'account-locked': '계정 잠김',
    alert: '알림 (데이터 수집)',
  },
  helpers: {
    placeholders: '이 유형에서 쓸 수 있는 자리표시자: %{list}',
    activeFlag: '이 템플릿을 사용하면 같은 유형의 기존 사용 템플릿은 사용 중지됩니다.',
  },
  actions: {
    attach: '파일 첨부',
    replace: '파일 교체',
    remove: '파일 삭제',
  },
  messages: {
    keepsItsType: '활성화된 %{type} 템플릿입니다. 콘솔이 이 템플릿으로 메일을 보내므로 삭제하거나 비활성화할 수 없습니다. 교체하려면 다른 %{type} 템플릿을 활성화하세요.',
    noAttachment: '파일 없음',
    refused: '%{name} 파일을 첨부하지 못했습니다: %{reason}',
  },
  delete: {
    title: '메일 템플릿 "%{title}"을(를) 삭제할까요?',
    content: '이 유형의 활성 템플릿이 아니므로 발송되는 메일은 바뀌지 않습니다. 삭제한 템플릿은 복구할 수 없습니다.',
  },
  errors: {
    lastActive: '이 유형의 유일한 활성 템플릿이며, 콘솔은 이 템플릿으로 메일을 보냅니다. 먼저 같은 유형의 다른 템플릿을 활성화하세요.',
  },
  preview: {
    title: '미리보기',
    subject: '제목',
    sample: '예시 값으로 표시하며 저장하지 않습니다.',
    frame: '메일 미리보기',
    loading: '표시하는 중…',
    waiting: '필수 항목을 입력하면 미리보기가 나타납니다.',
  },
  notifications: {
    created: '이메일 템플릿 %{name} 추가됨',
    updated: '이메일 템플릿 %{name} 저장됨',
    deleted: '이메일 템플릿 삭제됨 |||| 이메일 템플릿 %{smart_count}개 삭제됨',
  },
};
