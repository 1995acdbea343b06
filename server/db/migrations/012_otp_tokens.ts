import type { Kysely } from 'kysely';
import { withId } from './columns';

/**
 * X-OTP-Token values (proof of a verified e-mail for a password change), stored hashed so the
 * proof is single use on every instance: used_at marks it spent, attempts counts wrong current passwords.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('otp_tokens'))
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('otp_tokens').execute();
}
