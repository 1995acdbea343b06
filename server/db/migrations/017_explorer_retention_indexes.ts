import type { Kysely } from 'kysely';
import { isSqlite } from './columns';

/**
 * Retention of master rows deletes by period end: an index finds them without reading the table.
 * On SQLite an index on dataset_rows(dataset_id) ends in the rowid, so the Data Explorer reads a
 * dataset's rows in stored order from the index, with no sort of the whole dataset.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('master_rows_period_to_idx').on('master_rows').columns(['period_to']).execute();
  if (isSqlite(db)) await db.schema.createIndex('dataset_rows_stored_order_idx').on('dataset_rows').columns(['dataset_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) await db.schema.dropIndex('dataset_rows_stored_order_idx').execute();
  await db.schema.dropIndex('master_rows_period_to_idx').execute();
}
