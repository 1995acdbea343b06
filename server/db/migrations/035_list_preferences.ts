import type { Kysely } from 'kysely';

/**
 * What each person set up on the lists (saved views, chosen columns), one JSON text per key. Kept
 * per account on the server, so it follows the person to another browser and outlives sign-out;
 * removed with the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_preferences')
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('list_preferences_pk', ['admin_id', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('list_preferences').execute();
}
