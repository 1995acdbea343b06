import type { Kysely } from 'kysely';
import { withId } from './columns';

/**
 * The activity log: one row per change a person made to a record, written by
 * server/audit/activity.ts. Read newest first overall, per person and per record, each by its index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('activity_log'))
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'text', (col) => col.notNull())
    .addColumn('record_name', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('activity_log_occurred').on('activity_log').columns(['occurred_at', 'id']).execute();
  await db.schema.createIndex('activity_log_record').on('activity_log').columns(['resource', 'record_id', 'occurred_at']).execute();
  await db.schema.createIndex('activity_log_actor').on('activity_log').columns(['actor_id', 'occurred_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity_log').execute();
}
