import { PLACEHOLDER_SAMPLES, type EmailTemplateType, type MailLanguage, type RenderedMail } from '../../src/shared';

/** The mails the server sends; a type's active e-mail template (System Setting) overrides its default. */
export type MailType = EmailTemplateType;

export interface MailTemplate {
  title: string;
  body: string;
  /** Extra paragraphs after the body. */
  statements?: string[];
}

/** Built-in English mails: the first rows of email_templates, and the fallback when a type has no active template. */
const ENGLISH_TEMPLATES: Record<MailType, MailTemplate> = {
  otp: {
    title: 'Your verification code: {{code}}',
    body: 'Hello {{name}},\n\nYour verification code is {{code}}. It expires in 5 minutes.\n\nIf you did not ask for it, ignore this mail.',
  },
  'signup-request': {
    title: 'New sign-up awaiting approval: {{email}}',
    body: 'Hello {{name}},\n\n{{applicant}} ({{email}}) asked for an account.\nReview it in the console: {{link}}',
  },
  'signup-approved': {
    title: 'Your account has been approved',
    body: 'Hello {{name}},\n\nYour account has been approved. You can sign in now: {{link}}',
  },
  'password-reset': {
    title: 'Set a new password',
    body: 'Hello {{name}},\n\nFollow this link to set a new password (valid for 30 minutes):\n{{link}}\n\nIf you did not ask for it, ignore this mail.',
  },
  'account-exists': {
    title: 'You already have an account',
    body: 'Hello {{name}},\n\nSomeone asked to sign up with {{email}}, which already has an account. Sign in here: {{link}}\nIf you forgot your password, ask for a new one on the sign-in page.\n\nIf it was not you, ignore this mail.',
  },
  'account-locked': {
    title: 'Your account has been locked',
    body: 'Hello {{name}},\n\nAfter too many failed sign-ins, your account {{email}} is locked for {{minutes}} minute(s). To unlock it now, set a new password: {{link}}\n\nIf it was not you, someone may be guessing your password: set a new one.',
  },
  'signup-code': {
    title: 'Your sign-up code: {{code}}',
    body: 'Hello,\n\nTo confirm {{email}} for your sign-up, enter the code {{code}}. It expires in 5 minutes.\n\nIf you did not ask for an account, ignore this mail.',
  },
  'profile-code': {
    title: 'Your code to change your password: {{code}}',
    body: 'Hello {{name}},\n\nTo change your password, enter the code {{code}}. It expires in 5 minutes.\n\nIf you did not ask for it, someone may be signed in as you: change your password.',
  },
  'project-shared': {
    title: '{{sharer}} shared the project {{project}} with you',
    body: 'Hello {{name}},\n\n{{sharer}} shared the project {{project}} with you as {{privilege}}.\nOpen it: {{link}}',
  },
  'password-changed': {
    title: 'Your password was changed',
    body: "Hello {{name}},\n\nThe password of your account {{email}} was changed at {{changedAt}}. Every other session of the account was signed out.\n\nIf this wasn't you, set a new password now: {{link}}\nThen tell your administrator.",
  },
  'system-admin-removed': {
    title: 'A system-admin account was changed: {{target}}',
    body: 'Hello {{name}},\n\n{{actor}} changed the system-admin account of {{target}} ({{email}}) at {{changedAt}}: {{change}}.\nSee the account: {{link}}\n\nEvery system-admin receives this mail. If the change was not agreed, sign in and check the account now.',
  },
  alert: {
    title: '[Alert] {{subtitle}}',
    body: 'Hello {{name}},\n\n{{subtitle}}\n\n{{detail}}\n\nOpen the failed run: {{link}}',
  },
};

/** Built-in Korean mails, in the polite 합니다체 (seeded as the Korean rows by migration 029). */
const KOREAN_TEMPLATES: Record<MailType, MailTemplate> = {
  otp: {
    title: '로그인 인증 코드: {{code}}',
    body: '{{name}}님, 안녕하십니까.\n\n인증 코드는 {{code}}입니다. 5분 후에 만료됩니다.\n\n요청하지 않으셨다면 이 메일을 무시하십시오.',
  },
  'signup-request': {
    title: '승인을 기다리는 가입 신청: {{email}}',
    body: '{{name}}님, 안녕하십니까.\n\n{{applicant}}({{email}})님이 계정을 신청했습니다.\n콘솔에서 검토하십시오: {{link}}',
  },
  'signup-approved': {
    title: '계정이 승인되었습니다',
    body: '{{name}}님, 안녕하십니까.\n\n계정이 승인되었습니다. 지금 로그인하실 수 있습니다: {{link}}',
  },
  'password-reset': {
    title: '새 비밀번호를 설정하십시오',
    body: '{{name}}님, 안녕하십니까.\n\n아래 링크에서 새 비밀번호를 설정하십시오(30분 동안 유효합니다).\n{{link}}\n\n요청하지 않으셨다면 이 메일을 무시하십시오.',
  },
  'account-exists': {
    title: '이미 계정이 있습니다',
    body: '{{name}}님, 안녕하십니까.\n\n이미 계정이 있는 {{email}} 주소로 가입 요청이 있었습니다. 여기에서 로그인하십시오: {{link}}\n비밀번호를 잊으셨다면 로그인 페이지에서 새 비밀번호를 요청하십시오.\n\n본인이 요청하지 않으셨다면 이 메일을 무시하십시오.',
  },
  'account-locked': {
    title: '계정이 잠겼습니다',
    body: '{{name}}님, 안녕하십니까.\n\n로그인에 여러 번 실패하여 계정 {{email}}이(가) {{minutes}}분 동안 잠겼습니다. 지금 잠금을 해제하려면 새 비밀번호를 설정하십시오: {{link}}\n\n본인이 시도하지 않으셨다면 다른 사람이 비밀번호를 추측하고 있을 수 있습니다. 새 비밀번호를 설정하십시오.',
  },
  'signup-code': {
    title: '가입 인증 코드: {{code}}',
    body: '안녕하십니까.\n\n가입할 주소 {{email}}을(를) 확인하려면 코드 {{code}}을(를) 입력하십시오. 5분 후에 만료됩니다.\n\n계정을 신청하지 않으셨다면 이 메일을 무시하십시오.',
  },
  'profile-code': {
    title: '비밀번호 변경 인증 코드: {{code}}',
    body: '{{name}}님, 안녕하십니까.\n\n비밀번호를 변경하려면 코드 {{code}}을(를) 입력하십시오. 5분 후에 만료됩니다.\n\n요청하지 않으셨다면 다른 사람이 회원님의 계정으로 로그인했을 수 있습니다. 비밀번호를 변경하십시오.',
  },
  'project-shared': {
    title: '{{sharer}}님이 프로젝트 {{project}}을(를) 공유했습니다',
    body: '{{name}}님, 안녕하십니까.\n\n{{sharer}}님이 프로젝트 {{project}}을(를) {{privilege}} 권한으로 공유했습니다.\n열기: {{link}}',
  },
  'password-changed': {
    title: '비밀번호가 변경되었습니다',
    body: '{{name}}님, 안녕하십니까.\n\n계정 {{email}}의 비밀번호가 {{changedAt}}에 변경되었습니다. 이 계정의 다른 세션은 모두 로그아웃되었습니다.\n\n본인이 변경하지 않으셨다면 지금 새 비밀번호를 설정하십시오: {{link}}\n그런 다음 관리자에게 알리십시오.',
  },
  'system-admin-removed': {
    title: '시스템 관리자 계정이 변경되었습니다: {{target}}',
    body: '{{name}}님, 안녕하십니까.\n\n{{actor}}님이 {{changedAt}}에 {{target}}({{email}})님의 시스템 관리자 계정을 변경했습니다: {{change}}.\n계정 보기: {{link}}\n\n모든 시스템 관리자가 이 메일을 받습니다. 합의되지 않은 변경이라면 지금 로그인하여 계정을 확인하십시오.',
  },
  alert: {
    title: '[알림] {{subtitle}}',
    body: '{{name}}님, 안녕하십니까.\n\n{{subtitle}}\n\n{{detail}}\n\n실패한 실행 열기: {{link}}',
  },
};

/**
 * The built-in mail of each type in each language a reader may have: typed so that a type added
 * without its Korean text fails the typecheck. Used when neither the reader's language nor English
 * has an active template of the type.
 */
export const DEFAULT_TEMPLATES: Record<MailLanguage, Record<MailType, MailTemplate>> = { en: ENGLISH_TEMPLATES, ko: KOREAN_TEMPLATES };

const PLACEHOLDER = /\{\{\s*([a-zA-Z][\w]*)\s*\}\}/g;

export function renderText(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (match, name: string) => values[name] ?? match);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/**
 * The template and every value escaped, except `trustedHtml` values, which are fragments this
 * module already escaped (an alert's detail rendered from its own template).
 */
export function renderHtmlFragment(template: string, values: Record<string, string>, trustedHtml: Record<string, string> = {}): string {
  const escaped = { ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)])), ...trustedHtml };
  return renderText(escapeHtml(template), escaped);
}

/** The HTML part escapes the template and every value, so a name cannot inject markup. */
export function renderHtml(template: string, values: Record<string, string>, trustedHtml: Record<string, string> = {}): string {
  return `<div style="font-family:sans-serif;white-space:pre-wrap">${renderHtmlFragment(template, values, trustedHtml)}</div>`;
}

/**
 * Subject, text and HTML of a template: the body followed by its statements as paragraphs.
 * A `trustedHtml` value replaces the escaped `values` one in the HTML part only.
 */
export function renderMail(template: MailTemplate, values: Record<string, string>, trustedHtml: Record<string, string> = {}): RenderedMail {
  const body = [template.body, ...(template.statements ?? []).filter((statement) => statement.trim())].join('\n\n');
  return {
    // A subject is one line, whatever the values hold.
    subject: renderText(template.title, values)
      .replace(/\s*[\r\n]+\s*/g, ' ')
      .trim(),
    text: renderText(body, values),
    html: renderHtml(body, values, trustedHtml),
  };
}

/** The samples that are words, as a Korean reader's mail has them. */
const KOREAN_SAMPLES: Record<string, string> = {
  name: '박민아',
  subtitle: '마켓 계정의 액세스 토큰이 만료되었습니다',
  summary: '"Media spend" 수집 실패: 소스가 오류로 응답했습니다.',
  privilege: '편집자',
};

/** The preview values of the given placeholders, as a reader of the language would have them. */
export function sampleValues(placeholders: readonly string[], language: MailLanguage = 'en'): Record<string, string> {
  const samples = language === 'ko' ? { ...PLACEHOLDER_SAMPLES, ...KOREAN_SAMPLES } : PLACEHOLDER_SAMPLES;
  return Object.fromEntries(placeholders.map((name) => [name, samples[name] ?? name]));
}
