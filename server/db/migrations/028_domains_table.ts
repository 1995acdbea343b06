import type { Kysely } from 'kysely';

/**
 * Allowed Domains has one name in code: its table `allowed_domains` becomes
 * `domains`, as its resource, API path and folders are named. Rows, ids, indexes and the unique
 * domain rule move with the table on SQLite and PostgreSQL alike. The names are written out here,
 * so this migration keeps its meaning whatever the code is named later.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('allowed_domains').renameTo('domains').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domains').renameTo('allowed_domains').execute();
}
