import type { Kysely } from 'kysely';

/**
 * must_change_password: the account's password was handed to it (the first system-admin's, printed
 * in the log) and must be replaced before anything else. otp_failures: wrong codes in a row, which
 * lock the account like wrong passwords do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('must_change_password', 'text', (col) => col.notNull().defaultTo('N'))
    .execute();
  await db.schema
    .alterTable('admins')
    .addColumn('otp_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['otp_failures', 'must_change_password']) await db.schema.alterTable('admins').dropColumn(column).execute();
}
