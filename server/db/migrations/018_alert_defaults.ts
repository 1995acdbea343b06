import type { Kysely } from 'kysely';
import { COLLECT_ALERT_PROCEDURES, ANY_ERROR_ID } from '../../../src/shared';
import { DEFAULT_TEMPLATES } from '../../mail/templates';
import { DEFAULT_ALERT_MAIL } from '../../collect/alert-mails/render';

/** The alert e-mail template as 004 seeded it: its subject named the error code twice. */
const FIRST_ALERT = {
  title: '[Alert] {{procedure}} {{errorId}}: {{subtitle}}',
  body: 'Hello {{name}},\n\nA data-collection task failed.\n\n{{subtitle}}\n\n{{detail}}\n\nSee the collecting status: {{link}}',
};

/**
 * Alerts are sent out of the box, so each collect procedure gets an editable catch-all alert mail,
 * and the seeded alert e-mail template, if nobody edited it, takes the subject that says what failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const procedure of Object.values(COLLECT_ALERT_PROCEDURES)) {
    const existing = await db.selectFrom('alert_mails').select('id').where('procedure', '=', procedure).where('error_id', '=', ANY_ERROR_ID).executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('alert_mails')
      .values({ procedure, error_id: ANY_ERROR_ID, ...DEFAULT_ALERT_MAIL, created_at: now, updated_at: now })
      .execute();
  }
  for (const part of ['title', 'body'] as const) {
    await db
      .updateTable('email_templates')
      .set({ [part]: DEFAULT_TEMPLATES.alert[part], updated_at: now })
      .where('type', '=', 'alert')
      .where(part, '=', FIRST_ALERT[part])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('alert_mails').where('error_id', '=', ANY_ERROR_ID).where('procedure', 'in', Object.values(COLLECT_ALERT_PROCEDURES)).execute();
}
