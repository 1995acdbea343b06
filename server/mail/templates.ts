/** Built-in mail templates; the e-mail template screen (System Setting) can override them later. */
export type MailType = 'otp' | 'signup-request' | 'signup-approved' | 'password-reset';

export interface MailTemplate {
  title: string;
  body: string;
}

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
};

const PLACEHOLDER = /\{\{\s*([a-zA-Z][\w]*)\s*\}\}/g;

export function renderText(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (match, name: string) => values[name] ?? match);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** The HTML part escapes the template and every value, so a name cannot inject markup. */
export function renderHtml(template: string, values: Record<string, string>): string {
  const escaped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]));
  return `<div style="font-family:sans-serif;white-space:pre-wrap">${renderText(escapeHtml(template), escaped)}</div>`;
}
