import type { Kysely } from 'kysely';

/** The catch-all alert text 018 seeded: it named the configuration by its number only. */
const NUMBERED = 'Task {{taskId}} of collect configuration {{configId}} stopped at {{occurredAt}} with error {{errorId}}.\n\n{{detail}}';
const NAMED = 'Task {{taskId}} of the collect configuration "{{configName}}" stopped at {{occurredAt}} with error {{errorId}}.\n\n{{detail}}';

/**
 * Alerts name the configuration ({{configName}}): the catch-all alert mails of the collect and post
 * procedures take the new text where nobody edited the seeded one. The texts are written out here,
 * not read from the running code, so this migration does the same whenever it runs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('alert_mails')
    .set({ content: NAMED, updated_at: new Date().toISOString() })
    .where('error_id', '=', '*')
    .where('procedure', 'in', ['collect', 'post'])
    .where('content', '=', NUMBERED)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('alert_mails').set({ content: NUMBERED }).where('error_id', '=', '*').where('procedure', 'in', ['collect', 'post']).where('content', '=', NAMED).execute();
}
