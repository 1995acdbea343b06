import type { Kysely } from 'kysely';

/**
 * When a discarded or expired upload's original file left the file store. Null until then, so a
 * removal the store refused is tried again by the next sweep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload_histories').addColumn('file_removed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload_histories').dropColumn('file_removed_at').execute();
}
