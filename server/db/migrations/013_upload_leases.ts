import type { Kysely } from 'kysely';

/**
 * Uploads owned by an instance under a lease, like collect tasks: a restart fails only the uploads
 * whose owner is gone. Progress is kept on the row so any instance can report it, and the checked
 * rows' staging file is kept in the file store under staging_key so another instance can commit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload_histories').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('upload_histories').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('upload_histories').addColumn('progress', 'text').execute();
  await db.schema.alterTable('upload_histories').addColumn('staging_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['staging_key', 'progress', 'lease_until', 'lease_owner']) await db.schema.alterTable('upload_histories').dropColumn(column).execute();
}
