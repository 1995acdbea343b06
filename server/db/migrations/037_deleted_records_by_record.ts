import type { Kysely } from 'kysely';

/**
 * What a delete took is found by its record (resource and id), then the delete's event id among
 * that record's deletes (rarely more than one). The event id is random: an index on it put each
 * delete's entry on a page of its own, a page write in every delete's commit (about a tenth of a
 * delete's time); an index on the record places a record's entries together, as the activity log's
 * own index on the record does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deleted_records_event_idx').execute();
  await db.schema.createIndex('deleted_records_record_idx').on('deleted_records').columns(['resource', 'record_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deleted_records_record_idx').execute();
  await db.schema.createIndex('deleted_records_event_idx').on('deleted_records').column('event_id').execute();
}
