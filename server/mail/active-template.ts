import type { Db } from '../db/database';
import type { MailTemplate, MailType } from './templates';

export interface StoredMailTemplate extends MailTemplate {
  statements: string[];
  /** Upload store ids of the files its statements attach. */
  attachmentFileIds: string[];
}

/** The active e-mail template of a type with its statements, or undefined when none is active. */
export async function activeTemplate(db: Db, type: MailType): Promise<StoredMailTemplate | undefined> {
  const template = await db.selectFrom('email_templates').select(['id', 'title', 'body']).where('type', '=', type).where('active_flag', '=', 'Y').executeTakeFirst();
  if (!template) return undefined;
  const statements = await db.selectFrom('email_template_statements').select(['statement', 'file_id']).where('template_id', '=', template.id).orderBy('sort_no').execute();
  return {
    title: template.title,
    body: template.body,
    statements: statements.map((row) => row.statement),
    attachmentFileIds: statements.flatMap((row) => (row.file_id ? [row.file_id] : [])),
  };
}
