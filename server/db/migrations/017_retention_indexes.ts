import type { Kysely } from 'kysely';

/** Retention of master rows deletes by period end; this index finds them without reading the table. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('master_rows_period_to_idx').on('master_rows').columns(['period_to']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('master_rows_period_to_idx').execute();
}
