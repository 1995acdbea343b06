import type { Kysely } from 'kysely';

/**
 * What each committed upload did to its dataset: rows added, rows replaced by key and rows removed
 * (Replace). Null for uploads committed before this migration, which did not record it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['added_count', 'replaced_count', 'removed_count']) await db.schema.alterTable('upload_histories').addColumn(column, 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['removed_count', 'replaced_count', 'added_count']) await db.schema.alterTable('upload_histories').dropColumn(column).execute();
}
