import type { emailTemplatesEn } from './email-templates.en';

/** Korean messages of the `email-templates` resource. */
export const emailTemplatesKo: typeof emailTemplatesEn = {
  name: '이메일 템플릿 |||| 이메일 템플릿',
  fields: {
    type: '유형',
    typeId: '유형 ID',
    language: '언어',
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
    otp: '로그인 인증 코드',
    'signup-request': '가입 요청 (승인자에게)',
    'signup-approved': '가입 승인',
    'password-reset': '비밀번호 재설정',
    'account-exists': '기존 계정 안내 (가입된 이메일로 가입 요청)',
    'account-locked': '계정 잠김',
    alert: '알림 (데이터 수집)',
    'signup-code': '회원가입 인증 코드',
    'profile-code': '비밀번호 변경 인증 코드 (프로필)',
    'project-shared': '프로젝트 공유',
    'password-changed': '비밀번호 변경 알림',
    'system-admin-removed': '시스템 관리자 해제 알림',
  },
  languages: {
    en: '영어',
    ko: '한국어',
  },
  sentWhen: {
    otp: '로그인할 때마다 인증 코드와 함께 보냅니다. 로그인에만 쓰이며, 회원가입과 프로필은 각자의 코드 메일을 씁니다.',
    'signup-request': '누군가 계정을 요청하면 승인자에게 보냅니다.',
    'signup-approved': '계정이 승인되면 새 사용자에게 보냅니다.',
    'password-reset': '"비밀번호를 잊으셨나요?"와 사용자 관리자가 시작한 재설정의 링크와 함께 보냅니다.',
    'account-exists': '이미 계정이 있는 주소로 가입을 요청하면 가입 코드 대신 보냅니다.',
    'account-locked': '로그인 실패가 너무 많아 계정이 잠기면 보냅니다.',
    alert: '데이터 수집 작업이 실패하면 알림 수신자에게 보냅니다.',
    'signup-code': '회원가입 때 이메일 주소를 확인하는 코드와 함께 보냅니다. 회원가입에만 쓰입니다.',
    'profile-code': '프로필에서 비밀번호를 바꾸기 전에 요청하는 코드와 함께 보냅니다. 이 확인에만 쓰입니다.',
    'project-shared': '프로젝트가 동료에게 공유되면 그 동료에게 보냅니다.',
    'password-changed': '프로필에서 비밀번호를 바꾸거나 재설정 링크로 정하면 계정 주인에게 보냅니다.',
    'system-admin-removed': '시스템 관리자가 다른 시스템 관리자를 비활성화하거나 낮은 등급으로 바꾸면 모든 활성 시스템 관리자와 해당 관리자에게 보냅니다.',
  },
  helpers: {
    placeholders: '이 유형에서 쓸 수 있는 자리표시자: %{list}',
    activeFlag: '이 템플릿을 사용하면 같은 유형, 같은 언어의 기존 사용 템플릿은 사용 중지됩니다.',
    language: '콘솔을 이 언어로 보는 사람에게 보내는 메일은 이 템플릿으로 작성합니다. 사용 중인 한국어 템플릿이 없는 유형은 한국어 사용자에게도 사용 중인 영어 템플릿을 보냅니다.',
    statements: '추가 문단은 본문 아래에 이 순서대로 붙는 문단이며, 각 문단에 파일(안내서, 약관 등)을 하나씩 첨부할 수 있습니다. 본문과 같은 자리표시자를 쓸 수 있습니다.',
  },
  actions: {
    attach: '파일 첨부',
    replace: '파일 교체',
    remove: '파일 삭제',
  },
  messages: {
    keepsItsType:
      '활성화된 영어 %{type} 템플릿입니다. 자기 언어의 활성 템플릿이 없는 모든 수신자에게 콘솔이 이 템플릿으로 메일을 보내므로 삭제하거나 비활성화할 수 없습니다. 교체하려면 다른 영어 %{type} 템플릿을 활성화하세요.',
    noAttachment: '파일 없음',
    refused: '%{name} 파일을 첨부하지 못했습니다: %{reason}',
  },
  delete: {
    title: '메일 템플릿 "%{title}"을(를) 삭제할까요?',
    content: '이 유형의 활성 템플릿이 아니므로 발송되는 메일은 바뀌지 않습니다. 삭제한 템플릿은 복구할 수 없습니다.',
    fallback: '이후 %{language} 사용자는 이 유형의 활성 영어 템플릿으로 메일을 받습니다. 삭제한 템플릿은 복구할 수 없습니다.',
  },
  errors: {
    lastActive: '이 유형의 유일한 활성 영어 템플릿이며, 콘솔은 이 템플릿으로 메일을 보냅니다. 먼저 같은 유형의 다른 영어 템플릿을 활성화하세요.',
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

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { 'e-mail template': '이메일 템플릿' };
