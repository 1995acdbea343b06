import type { Kysely } from 'kysely';

/**
 * The fingerprint of the dataset columns an upload was checked against: the commit refuses when
 * the dataset's columns are no longer those. Null for uploads before this migration,
 * which therefore cannot be committed and are uploaded again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload_histories').addColumn('schema_fingerprint', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload_histories').dropColumn('schema_fingerprint').execute();
}
