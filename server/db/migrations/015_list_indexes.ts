import type { Kysely } from 'kysely';

/**
 * Indexes for the big lists' default sorts and common filters. Each ends in the list's
 * default sort and id, so a filtered page is read in order from the index and a keyset cursor
 * (sort value, id) seeks straight to its page. Both engines read a composite index backwards for
 * the DESC sorts, so no DESC columns are needed.
 */
const indexes: [name: string, table: string, columns: string[]][] = [
  ['admins_created_idx', 'admins', ['created_at', 'id']],
  ['admins_status_created_idx', 'admins', ['status_code', 'created_at', 'id']],
  ['admins_office_created_idx', 'admins', ['office_code', 'created_at', 'id']],
  ['projects_status_created_idx', 'projects', ['status', 'created_at', 'id']],
  ['projects_data_type_created_idx', 'projects', ['data_type_code', 'created_at', 'id']],
  ['projects_advertiser_created_idx', 'projects', ['advertiser_code', 'created_at', 'id']],
  ['access_history_event_idx', 'access_history', ['event_type', 'occurred_at', 'id']],
  ['collect_tasks_status_id_idx', 'collect_tasks', ['status', 'id']],
  ['upload_histories_updated_idx', 'upload_histories', ['updated_at', 'id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of indexes) await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).ifExists().execute();
}
