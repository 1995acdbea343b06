import { FALLBACK_MAIL_LANGUAGE, type MailLanguage } from '../../src/shared';
import type { Db } from '../db/database';
import { DEFAULT_TEMPLATES, type MailTemplate, type MailType } from './templates';

export interface StoredMailTemplate extends MailTemplate {
  statements: string[];
  /** Upload store ids of the files its statements attach. */
  attachmentFileIds: string[];
}

/** The active e-mail template of a type in one language with its statements, or undefined when none is active. */
async function activeOfLanguage(db: Db, type: MailType, language: MailLanguage): Promise<StoredMailTemplate | undefined> {
  const template = await db.selectFrom('email_templates').select(['id', 'title', 'body']).where('type', '=', type).where('language', '=', language).where('active_flag', '=', 'Y').executeTakeFirst();
  if (!template) return undefined;
  const statements = await db.selectFrom('email_template_statements').select(['statement', 'file_id']).where('template_id', '=', template.id).orderBy('sort_no').execute();
  return {
    title: template.title,
    body: template.body,
    statements: statements.map((row) => row.statement),
    attachmentFileIds: statements.flatMap((row) => (row.file_id ? [row.file_id] : [])),
  };
}

/**
 * The template a mail of the type to a reader of the language is written from: the active one of
 * their language, else the active English one (an admin who retired the Korean template chose
 * that), else the built-in mail of their language.
 */
export async function mailTemplateFor(db: Db, type: MailType, language: MailLanguage): Promise<StoredMailTemplate> {
  const own = await activeOfLanguage(db, type, language);
  if (own) return own;
  const fallback = language === FALLBACK_MAIL_LANGUAGE ? undefined : await activeOfLanguage(db, type, FALLBACK_MAIL_LANGUAGE);
  return fallback ?? { ...DEFAULT_TEMPLATES[language][type], statements: [], attachmentFileIds: [] };
}
