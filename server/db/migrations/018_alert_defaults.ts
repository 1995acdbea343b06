import type { Kysely } from 'kysely';

/*
 * The values this migration writes, as they were when it was written (the procedures and the
 * catch-all error id of src/shared, the defaults of server/mail/templates.ts and
 * server/collect/alert-mails/render.ts): later changes to those defaults do not change it.
 */
const PROCEDURES = ['collect', 'post'];
const ANY_ERROR_ID = '*';
/** The catch-all alert mail each procedure starts with. */
const CATCH_ALL_ALERT = {
  subtitle: '{{summary}}',
  content: 'Task {{taskId}} of collect configuration {{configId}} stopped at {{occurredAt}} with error {{errorId}}.\n\n{{detail}}',
};
/** The alert e-mail template as 004 first seeded it: its subject named the error code twice. */
const FIRST_ALERT = {
  title: '[Alert] {{procedure}} {{errorId}}: {{subtitle}}',
  body: 'Hello {{name}},\n\nA data-collection task failed.\n\n{{subtitle}}\n\n{{detail}}\n\nSee the collecting status: {{link}}',
};
/** The subject that says what failed, and the body that links to the failed run. */
const ALERT = {
  title: '[Alert] {{subtitle}}',
  body: 'Hello {{name}},\n\n{{subtitle}}\n\n{{detail}}\n\nOpen the failed run: {{link}}',
};

/**
 * Alerts are sent out of the box, so each collect procedure gets an editable catch-all alert mail,
 * and the seeded alert e-mail template, if nobody edited it, takes the subject that says what failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const procedure of PROCEDURES) {
    const existing = await db.selectFrom('alert_mails').select('id').where('procedure', '=', procedure).where('error_id', '=', ANY_ERROR_ID).executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('alert_mails')
      .values({ procedure, error_id: ANY_ERROR_ID, ...CATCH_ALL_ALERT, created_at: now, updated_at: now })
      .execute();
  }
  for (const part of ['title', 'body'] as const) {
    await db
      .updateTable('email_templates')
      .set({ [part]: ALERT[part], updated_at: now })
      .where('type', '=', 'alert')
      .where(part, '=', FIRST_ALERT[part])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('alert_mails').where('error_id', '=', ANY_ERROR_ID).where('procedure', 'in', PROCEDURES).execute();
}
