import { z } from 'zod';
import { msg, type ValidationMessage } from './validation-messages';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { activeFlag, type YesNo } from './fields';
import { fileIdSchema } from './files';
import { withoutControls } from './display-text';

/**
 * Each mail the server sends, with its stable typeId, the placeholders its values fill
 * and those of them that are secrets (a code, a reset link): the outbox stores the mail with them masked.
 */
export const EMAIL_TEMPLATE_TYPES = {
  /** The sign-in code only: sign-up and the profile's e-mail check have their own (an edit here changes no other flow). */
  otp: { typeId: 1, placeholders: ['name', 'code', 'email'], secrets: ['code'] },
  'signup-request': { typeId: 2, placeholders: ['name', 'applicant', 'email', 'link'], secrets: [] },
  'signup-approved': { typeId: 3, placeholders: ['name', 'email', 'link'], secrets: [] },
  'password-reset': { typeId: 4, placeholders: ['name', 'email', 'link'], secrets: ['link'] },
  alert: { typeId: 5, placeholders: ['name', 'procedure', 'errorId', 'subtitle', 'detail', 'link'], secrets: [] },
  'account-exists': { typeId: 6, placeholders: ['name', 'email', 'link'], secrets: [] },
  'account-locked': { typeId: 7, placeholders: ['name', 'email', 'minutes', 'link'], secrets: [] },
  'signup-code': { typeId: 8, placeholders: ['code', 'email'], secrets: ['code'] },
  'profile-code': { typeId: 9, placeholders: ['name', 'code', 'email'], secrets: ['code'] },
  'project-shared': { typeId: 10, placeholders: ['name', 'sharer', 'project', 'privilege', 'link'], secrets: [] },
  'password-changed': { typeId: 11, placeholders: ['name', 'email', 'changedAt', 'link'], secrets: [] },
  /** To every active system-admin and the one removed, when a system-admin deactivates or demotes another. */
  'system-admin-removed': { typeId: 12, placeholders: ['name', 'actor', 'target', 'email', 'change', 'changedAt', 'link'], secrets: [] },
} as const satisfies Record<string, { typeId: number; placeholders: readonly string[]; secrets: readonly string[] }>;

export type EmailTemplateType = keyof typeof EMAIL_TEMPLATE_TYPES;

/**
 * The languages a mail is written in: its reader's (the console's two). English is the floor: a
 * type keeps an active English template, and a reader of another language without an active
 * template of theirs gets it.
 */
export const MAIL_LANGUAGES = ['en', 'ko'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
export const FALLBACK_MAIL_LANGUAGE: MailLanguage = 'en';
export const emailTemplateTypes = Object.keys(EMAIL_TEMPLATE_TYPES) as [EmailTemplateType, ...EmailTemplateType[]];

/**
 * Types whose mail the server sends on its own (sign-in code, sign-up, password reset, alerts):
 * once one of them has an active template, it always keeps one, so nobody deletes or deactivates
 * the sign-in code mail by accident. Today that is every type.
 */
export const SYSTEM_EMAIL_TEMPLATE_TYPES: readonly EmailTemplateType[] = emailTemplateTypes;

export const isSystemEmailTemplateType = (type: string): boolean => (SYSTEM_EMAIL_TEMPLATE_TYPES as readonly string[]).includes(type);

/** What a preview fills placeholders with; `<` and `&` show that values are escaped in HTML. */
export const PLACEHOLDER_SAMPLES: Record<string, string> = {
  name: 'Jane Doe',
  code: '482913',
  email: 'jane.doe@example.com',
  applicant: 'John <Smith> & Co',
  link: 'https://console.example.com',
  procedure: 'collect-meta-ads',
  errorId: 'E401',
  subtitle: 'The access token of the market account has expired',
  summary: 'Collecting "Media spend" failed: the source answered with an error.',
  detail: 'Task 1024 stopped at 03:00 UTC.',
  taskId: '1024',
  configId: '77',
  configName: 'Media spend',
  occurredAt: '2024-05-01 03:00 (UTC)',
  minutes: '15',
  sharer: 'Mina Park',
  project: 'Monthly budgets KR',
  privilege: 'Editor',
  changedAt: '2026-11-28 09:58 (Asia/Seoul)',
  actor: 'Mina Park (mina.park@example.com)',
  target: 'John Smith',
  change: 'deactivated and signed out',
};

const PLACEHOLDER_NAME = /^\s*([a-zA-Z]\w*)\s*$/;

/**
 * Why a template text cannot be used, or undefined when it can: every `{{` must close with `}}`
 * around one allowed name. Answered as a message naming the offending placeholder or position.
 */
export function placeholderProblem(text: string, allowed: readonly string[]): ValidationMessage | undefined {
  const braces = /\{\{|\}\}/g;
  let open = -1;
  for (let match = braces.exec(text); match; match = braces.exec(text)) {
    if (match[0] === '{{') {
      if (open >= 0) return { message: msg.placeholderNotClosedBeforeNext, params: { position: open + 1 } };
      open = match.index;
      continue;
    }
    if (open < 0) return { message: msg.placeholderNotOpened, params: { position: match.index + 1 } };
    const inner = text.slice(open + 2, match.index);
    const name = PLACEHOLDER_NAME.exec(inner)?.[1];
    if (!name || !allowed.includes(name)) {
      return { message: msg.placeholderUnknown, params: { placeholder: inner, allowed: allowed.map((known) => `{{${known}}}`).join(', ') } };
    }
    open = -1;
  }
  return open >= 0 ? { message: msg.placeholderNotClosed, params: { position: open + 1 } } : undefined;
}

/** A zod check adding the placeholder problem of `text` to `field`. */
export function checkPlaceholders(context: z.core.$RefinementCtx, field: string, text: string | null | undefined, allowed: readonly string[]) {
  const problem = text ? placeholderProblem(text, allowed) : undefined;
  if (problem) context.addIssue({ code: 'custom', path: [field], ...problem });
}

const emailTemplateStatementInput = z.strictObject({
  statement: z.string().trim().max(4000),
  fileId: fileIdSchema.nullish(),
});

const emailTemplateFields = {
  type: z.enum(emailTemplateTypes, msg.templateType),
  language: z.enum(MAIL_LANGUAGES).default(FALLBACK_MAIL_LANGUAGE),
  title: z.string().overwrite(withoutControls).trim().min(1, msg.titleEnter).max(200, msg.titleTooLong),
  body: z.string().trim().min(1, msg.bodyRequired).max(20_000, msg.bodyTooLong),
  statements: z.array(emailTemplateStatementInput).max(20, msg.atMostStatements).default([]),
};

function checkTemplatePlaceholders(value: { type: EmailTemplateType; title: string; body: string; statements?: { statement: string }[] }, context: z.core.$RefinementCtx) {
  // Own keys only: a type refused by its enum may still be "constructor" here.
  const allowed = Object.hasOwn(EMAIL_TEMPLATE_TYPES, value.type) ? EMAIL_TEMPLATE_TYPES[value.type].placeholders : undefined;
  if (!allowed) return;
  checkPlaceholders(context, 'title', value.title, allowed);
  checkPlaceholders(context, 'body', value.body, allowed);
  value.statements?.forEach((statement, index) => checkPlaceholders(context, `statements.${index}.statement`, statement.statement, allowed));
}

export const emailTemplateInput = z.strictObject({ ...emailTemplateFields, activeFlag: activeFlag.default('N') }).superRefine(checkTemplatePlaceholders);
export type EmailTemplateInput = z.input<typeof emailTemplateInput>;

/** What the live preview sends: the fields being edited, nothing saved. */
export const emailTemplatePreviewInput = z.strictObject(emailTemplateFields).superRefine(checkTemplatePlaceholders);

/** A rendered mail: subject line, plain text and HTML parts. */
export const renderedMailSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type RenderedMail = z.infer<typeof renderedMailSchema>;

/** An extra paragraph of a template, with an optional attached file. */
export const emailTemplateStatementSchema = z.object({
  statementId: z.number(),
  statement: z.string(),
  fileId: z.string().nullable(),
  fileType: z.string().nullable(),
  originalName: z.string().nullable(),
  url: z.string().nullable(),
});
export type EmailTemplateStatement = z.infer<typeof emailTemplateStatementSchema>;

/** An email template. */
export interface EmailTemplate {
  id: number;
  typeId: number;
  type: EmailTemplateType;
  language: MailLanguage;
  title: string;
  body: string;
  activeFlag: YesNo;
  statements: EmailTemplateStatement[];
  createdAt: string;
  updatedAt: string;
}

/** A stored row's type is answered as it is stored (a type this version does not know has typeId 0). */
const emailTemplateRowSchema = z.object({
  id: z.number(),
  typeId: z.number(),
  type: z.string(),
  language: z.enum(MAIL_LANGUAGES),
  title: z.string(),
  body: z.string(),
  activeFlag,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const emailTemplateSchema = emailTemplateRowSchema.extend({ statements: z.array(emailTemplateStatementSchema) });
export const emailTemplateListResponse = listEnvelopeOf(emailTemplateRowSchema);
export const emailTemplateResponse = envelopeOf(emailTemplateSchema);
export const renderedMailResponse = envelopeOf(renderedMailSchema);
