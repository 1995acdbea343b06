import type { ConsoleMessages, tiptapEn } from './en';
import { raKo, tiptapKo } from './ra.ko';
import { frameKo } from './frame.ko';
import { settingsKo } from './settings.ko';
import { profileKo } from './profile.ko';
import { bulkEditKo, importKo, listKo, viewsKo } from './list.ko';
import { resultsKo } from './results.ko';
import { schemaKo } from './schema.ko';
import { codesKo } from './codes.ko';
import { activityKo } from './activity.ko';
import { propertyNamesKo } from './property-names.ko';
import { resourcesKo } from './resources/index.ko';

/**
 * Korean labels of the console. Loaded on demand by the i18nProvider, so this file imports only
 * types from en.ts: a value import would pull English into the Korean chunk and vice versa.
 */
const consoleMessagesKo: ConsoleMessages = {
  appTitle: '캠페인 콘솔',
  menu: {
    project: '프로젝트',
    systemSetting: '시스템 설정',
    collectData: '데이터 수집 설정',
    systemLog: '시스템 로그',
    userManagement: '사용자 관리',
  },
  screens: {
    projectList: '프로젝트 목록',
    manualUpload: '수동 업로드',
    dataExplorer: '데이터 탐색기',
    projectDetail: '프로젝트 상세',
    projectCreate: '프로젝트 생성',
    projectModify: '프로젝트 수정',
    terms: '약관',
    domains: '허용 도메인',
    dashboardTemplate: '대시보드 템플릿',
    emailTemplate: '이메일 템플릿',
    projectProperty: '프로젝트 속성',
    alertMail: '알림 메일',
    collectStatus: '수집 현황',
    collectMetric: '수집 지표',
    postMetric: '게시 지표',
    marketAccount: '마켓 계정',
    systemLog: '시스템 로그',
    users: '사용자',
    accessHistory: '접속 이력',
    activity: '활동',
  },
  flags: {
    active: '사용',
    inactive: '사용 안 함',
  },
  dateInput: {
    format: '형식: %{pattern}',
    notADate: '실제 날짜를 YYYY-MM-DD 형식으로 입력해 주세요.',
    notADateTime: '실제 날짜와 시간을 YYYY-MM-DD HH:mm 형식으로 입력해 주세요.',
    openCalendar: '달력에서 선택',
    timeFormat: '24시간제, HH:mm',
  },
  screenError: {
    title: '이 화면이 동작을 멈췄습니다',
    message: '화면을 그리는 중 문제가 생겼습니다. 메뉴는 그대로 쓸 수 있습니다. 다시 시도하거나 이전 페이지로 돌아가세요.',
    retry: '다시 시도',
  },
  notFound: {
    title: '페이지를 찾을 수 없습니다',
    message: '이 주소에는 페이지가 없습니다.',
    home: '프로젝트 목록으로 이동',
  },
  permission: {
    title: '권한 오류',
    message: '요청한 영역에 접근할 권한이 없습니다.',
  },
  fields: {
    email: '이메일',
    password: '비밀번호',
    newPassword: '새 비밀번호',
    confirmPassword: '비밀번호 확인',
    code: '인증번호',
    firstName: '이름',
    lastName: '성',
    company: '회사',
    region: '지역',
    office: '근무 국가',
    requestComment: '요청 메모 (선택)',
  },
  validation: {
    emailInvalid: '이메일 형식이 올바르지 않습니다',
    passwordInvalid: '비밀번호 형식이 올바르지 않습니다',
    passwordRequired: '비밀번호를 입력해 주세요.',
    currentPasswordRequired: '현재 비밀번호를 입력해 주세요.',
    passwordMismatch: '비밀번호와 비밀번호 확인이 일치하지 않습니다.',
    passwordUnchanged: '현재 비밀번호와 변경할 비밀번호는 같을 수 없습니다.',
    otpRequired: '인증번호를 입력해 주세요',
    otpInvalid: '인증번호는 6자리 숫자여야 합니다',
    emailRequired: '이메일을 입력해 주세요.',
    required: '필수 입력 항목입니다.',
    requiredTerms: '필수 약관에 동의해 주세요.',
    schema: schemaKo,
  },
  passwordStrength: {
    label: '비밀번호 강도: %{strength}',
    weak: '약함',
    medium: '보통',
    strong: '강함',
    rules: '%{min}~%{max}자, 영문자·숫자·특수문자(! @ # $ % ^ & *)를 각각 1개 이상 포함',
  },
  otp: {
    sent: '%{email}(으)로 6자리 인증번호를 보냈습니다.',
    resent: '새 인증번호를 보냈습니다.',
    remaining: '인증번호 유효 시간 %{time}',
    expired: '인증번호가 만료되었습니다. 새 인증번호를 받으세요.',
    resend: '재전송',
    resendIn: '%{time} 후 재전송',
    next: '다음',
    back: '이전',
  },
  terms: {
    heading: '약관',
    required: '(필수)',
    optional: '(선택)',
    agree: '%{title}에 동의합니다',
    agreeAndContinue: '동의하고 계속하기',
    updated: '약관이 변경되었습니다. 계속하려면 변경된 약관을 확인해 주세요.',
    versionSince: '%{version} 버전, %{date}부터 시행',
  },
  signIn: {
    title: '로그인',
    submit: '로그인',
    signUp: '회원가입',
    forgotPassword: '비밀번호를 잊으셨나요?',
    codeTitle: '인증번호 입력',
    initialPasswordTitle: '비밀번호 설정',
    initialPasswordHelp: '전달받은 비밀번호로 로그인했습니다. 계속하려면 본인의 비밀번호를 정하세요. 전달받은 비밀번호는 더 이상 쓸 수 없습니다.',
    initialPasswordSubmit: '저장하고 계속',
    ended: {
      PASSWORD_CHANGED: '비밀번호가 변경되어 로그아웃되었습니다. 새 비밀번호로 로그인하세요.',
      PASSWORD_RESET: '비밀번호가 재설정되어 로그아웃되었습니다. 새 비밀번호로 로그인하세요.',
      DEACTIVATED: '계정이 비활성화되어 로그아웃되었습니다.',
      SIGNED_OUT: '이 세션에서 로그아웃했습니다. 계속하려면 다시 로그인하세요.',
      REFRESH_TOKEN_REUSED: '로그인 정보가 다른 곳에서 사용되어 모든 세션이 종료되었습니다. 다시 로그인하세요.',
    },
  },
  signUp: {
    title: '회원가입',
    steps: { email: '이메일', code: '인증', details: '계정 정보', done: '완료' },
    sendCode: '인증번호 보내기',
    submit: '계정 신청',
    doneTitle: '신청이 접수되었습니다',
    doneMessage: '계정이 승인을 기다리고 있습니다. 승인자가 승인하면 이메일로 알려 드립니다.',
    haveAccount: '이미 계정이 있으신가요? 로그인',
    choose: '선택…',
  },
  newPassword: {
    title: '새 비밀번호 설정',
    requestTitle: '비밀번호 찾기',
    requestHelp: '이메일을 입력하시면 새 비밀번호를 설정할 수 있는 링크를 보내 드립니다.',
    send: '링크 보내기',
    linkSent: '해당 이메일로 가입된 계정이 있으면 새 비밀번호 설정 링크를 보냈습니다.',
    submit: '비밀번호 저장',
    saved: '비밀번호가 변경되었습니다.',
    checking: '링크를 확인하는 중…',
    linkDead: '이미 사용했거나 만료된 링크입니다.',
    linkDeadHelp: '링크는 한 번만, 30분 동안 비밀번호를 설정할 수 있습니다.',
    requestAgain: '새 링크 요청',
    backToSignIn: '로그인으로 돌아가기',
    signIn: '로그인',
  },
  frame: frameKo,
  settings: settingsKo,
  profile: profileKo,
  list: listKo,
  views: viewsKo,
  bulkEdit: bulkEditKo,
  import: importKo,
  result: resultsKo,
  codes: codesKo,
  activity: activityKo,
  live: {
    changed: '%{name}님이 %{time}에 바꿨습니다',
    deleted: '%{name}님이 %{time}에 삭제했습니다',
    review: '검토',
  },
  versions: {
    title: '다른 사람이 이 기록을 바꿨습니다',
    changedBy: '%{name}님이 %{time}에 이 기록을 바꿨습니다. 이 화면을 연 뒤의 일이며, 내 변경은 아직 저장되지 않았습니다.',
    changed: '이 화면을 연 뒤에 기록이 바뀌었습니다. 내 변경은 아직 저장되지 않았습니다.',
    comparison: '상대의 값과 내 값 비교',
    field: '항목',
    theirs: '상대의 값',
    yours: '저장하지 않은 내 값',
    empty: '(비어 있음)',
    takeTheirs: '상대의 값으로 바꾸고 계속 편집',
    saveMine: '내 값으로 덮어쓰기',
  },
  propertyNames: propertyNamesKo,
};

export const ko = { ...raKo, ra: { ...raKo.ra, tiptap: tiptapKo satisfies Record<keyof typeof tiptapEn, string> }, console: consoleMessagesKo, resources: resourcesKo };
