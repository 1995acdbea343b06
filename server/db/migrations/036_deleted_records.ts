import type { Kysely } from 'kysely';
import { withId } from './columns';

/**
 * What each delete took, row for row (the record's own row and the rows that went with it, by
 * table, parents first), written in the delete's transaction beside its activity entry and found by
 * that entry's event id: a restore puts them back with the same ids. Kept apart from the activity
 * log, whose readers may not see a record's stored columns (sealed secrets among them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('deleted_records'))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('record', 'text', (col) => col.notNull())
    .addColumn('rows', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deleted_records_event_idx').on('deleted_records').column('event_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deleted_records').execute();
}
