import { PLACEHOLDER_SAMPLES, type EmailTemplateType, type RenderedMail } from '../../src/shared';

/** The mails the server sends; a type's active e-mail template (System Setting) overrides its default. */
export type MailType = EmailTemplateType;

export interface MailTemplate {
  title: string;
  body: string;
  /** Extra paragraphs after the body. */
  statements?: string[];
}

/** Built-in mails: the first rows of email_templates, and the fallback when a type has no active template. */
export const DEFAULT_TEMPLATES: Record<MailType, MailTemplate> = {
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
  alert: {
    title: '[Alert] {{subtitle}}',
    body: 'Hello {{name}},\n\n{{subtitle}}\n\n{{detail}}\n\nOpen the failed run: {{link}}',
  },
};

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

/** The preview values of the given placeholders. */
export function sampleValues(placeholders: readonly string[]): Record<string, string> {
  return Object.fromEntries(placeholders.map((name) => [name, PLACEHOLDER_SAMPLES[name] ?? name]));
}
