import type { Kysely } from 'kysely';

/**
 * Mastered rows are stored as they stream in, so the master key collapses duplicates in the
 * database (an upsert on this unique index) instead of an in-memory map of every key; the period
 * index gains `id` so posting pages through a period's rows in order without sorting them.
 * NULL keys (configs without masterFlag fields) stay distinct on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('master_rows_key_idx').on('master_rows').columns(['config_id', 'period_from', 'period_to', 'row_key']).unique().execute();
  await db.schema.dropIndex('master_rows_period_idx').execute();
  await db.schema.createIndex('master_rows_period_idx').on('master_rows').columns(['config_id', 'period_from', 'period_to', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('master_rows_key_idx').execute();
  await db.schema.dropIndex('master_rows_period_idx').execute();
  await db.schema.createIndex('master_rows_period_idx').on('master_rows').columns(['config_id', 'period_from', 'period_to']).execute();
}
