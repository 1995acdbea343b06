import type { Kysely } from 'kysely';

/**
 * Download links that work once (exports): the id of each link already used, until the link would
 * have expired anyway. In the database, so a link used on one instance is refused on every other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('used_links')
    .addColumn('jti', 'text', (col) => col.primaryKey())
    .addColumn('used_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('used_links_expires_at_idx').on('used_links').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('used_links').execute();
}
