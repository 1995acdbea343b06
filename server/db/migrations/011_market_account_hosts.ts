import type { Kysely } from 'kysely';

/**
 * The hosts a market account's secret may be sent to, as a JSON array of host names. Accounts that
 * existed before get none: their secrets go nowhere until an admin names the hosts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('market_accounts')
    .addColumn('allowed_hosts', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('market_accounts').dropColumn('allowed_hosts').execute();
}
