import type { termsEn } from './terms.en';

/** Korean messages of the `terms` resource. */
export const termsKo: typeof termsEn = {
  name: '약관 |||| 약관',
  fields: {
    title: '제목',
    type: '유형',
    activeFlag: '사용',
    versionInEffect: '시행 중인 버전',
    effectiveAt: '시행일',
    versionCount: '버전 수',
    agreementCount: '동의 수',
    createdAt: '생성일',
    updatedAt: '수정일',
    q: '검색',
    detailId: '상세 ID',
    termsVersion: '버전',
    status: '상태',
    content: '내용',
  },
  types: {
    POST: '선택',
    REQUIRED: '필수',
  },
  status: {
    IN_EFFECT: '시행 중',
    SCHEDULED: '시행 예정',
    SUPERSEDED: '이전 버전',
  },
  agreements: {
    email: '이메일',
    name: '이름',
    termsVersion: '버전',
    agreedAt: '동의 일시',
    empty: '아직 이 약관에 동의한 사용자가 없습니다.',
  },
  levels: {
    current: '문단 수준: %{level}',
    paragraph: '본문',
    heading1: '제목 1',
    heading2: '제목 2',
    heading3: '제목 3',
  },
  sections: {
    firstVersion: '첫 버전',
    contentInEffect: '시행 중인 내용',
    versions: '버전',
    agreements: '동의 내역',
  },
  helpers: {
    type: '필수 약관은 가입 시 동의해야 하며, 새 버전이 시행되면 다음 로그인 때 다시 동의해야 합니다.',
    activeFlag: '사용하지 않는 약관은 가입 시 표시되지 않고 로그인 시 동의를 요구하지 않습니다.',
    termsVersion: '이 약관 안에서 고유한 버전 이름 (예: 1.0)',
    effectiveAt: '지금 또는 이후 시각. 시행일이 지난 가장 최신 버전이 시행 중인 버전입니다.',
    versions: '버전은 약관 상세 화면에서 게시하고 수정합니다.',
  },
  actions: {
    publish: '새 버전 게시',
    edit: '수정',
    editAsNew: '새 버전으로 수정',
  },
  dialogs: {
    publish: '%{title}의 새 버전',
    edit: '%{version} 버전 수정',
    editAsNew: '%{version} 버전을 바탕으로 한 새 버전',
    reacceptance: '필수 약관입니다. 이 버전이 시행되면 %{smart_count}명이 다음 로그인 때 이 버전에 다시 동의해야 계속할 수 있습니다.',
    takenEffect: '%{version} 버전은 이미 시행되어 사용자가 동의했을 수 있으므로 변경하지 않습니다. 저장하면 변경 내용이 새 버전으로 게시됩니다. 새 버전 이름과 지금 이후의 시행일을 입력하세요.',
  },
  notifications: {
    created: "약관 '%{name}' 추가됨",
    updated: "약관 '%{name}' 저장됨",
    deleted: '약관 삭제됨 |||| 약관 %{smart_count}개 삭제됨',
    published: '%{version} 버전이 게시되었습니다.',
    saved: '%{version} 버전이 저장되었습니다.',
    replaced: '%{previous} 버전은 그대로 두고 변경 내용을 %{version} 버전으로 게시했습니다.',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { term: '약관' };
