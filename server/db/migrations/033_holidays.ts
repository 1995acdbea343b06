import type { Kysely } from 'kysely';
import { withId } from './columns';

/** Holidays: date, name, country, description, active. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('holidays'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('country', 'text')
    .addColumn('description', 'text')
    .addColumn('active_flag', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('holidays_date_idx').on('holidays').column('date').execute();
  await db.schema.createIndex('holidays_name_idx').on('holidays').column('name').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('holidays').execute();
}
