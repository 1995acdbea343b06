import type { Kysely } from 'kysely';

/**
 * Mail delivery that survives a restart: a queued mail keeps its clear content sealed under
 * SECRETS_KEY (sealed_mail, dropped once it is sent or failed) and is held by the instance that
 * queued or claimed it until lease_until, so another instance, or the next start, sends it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('sealed_mail', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('lease_until', 'text').execute();
  await db.schema.createIndex('mail_outbox_status_idx').on('mail_outbox').columns(['status', 'lease_until']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_status_idx').execute();
  for (const column of ['lease_until', 'sealed_mail']) await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
}
