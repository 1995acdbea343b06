import type { Kysely } from 'kysely';

/**
 * Console-wide settings (the system-log retention). No extra index on the log: filters are applied
 * while walking the (request_at, id) index in order, which keeps keyset pages cheap; an index on
 * status tempted the planner into sorting every matching row instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_settings').execute();
}
