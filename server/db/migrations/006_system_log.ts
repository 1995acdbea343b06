import type { Kysely } from 'kysely';

/** Console-wide settings (the system-log retention) and an index for the status-class filter. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('system_logs_status_idx').on('system_logs').columns(['http_status', 'request_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('system_logs_status_idx').execute();
  await db.schema.dropTable('app_settings').execute();
}
