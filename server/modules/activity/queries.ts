import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ActivityLogTable } from '../../db/schema';
import type { ActivityEntry, ActivityFilter } from '../../../src/shared';

export async function insertActivity(db: Db, rows: Insertable<ActivityLogTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('activity_log').values(rows).execute();
}

function filtered(db: Db, filter: ActivityFilter) {
  let query = db.selectFrom('activity_log');
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.resource) query = query.where('resource', '=', filter.resource);
  if (filter.recordId) query = query.where('record_id', '=', filter.recordId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.occurredFrom) query = query.where('occurred_at', '>=', filter.occurredFrom);
  if (filter.occurredTo) query = query.where('occurred_at', '<', filter.occurredTo);
  return query;
}

const entryOf = (row: Selectable<ActivityLogTable>): ActivityEntry => ({
  id: row.id,
  actorId: row.actor_id,
  actorName: row.actor_name,
  action: row.action as ActivityEntry['action'],
  resource: row.resource as ActivityEntry['resource'],
  recordId: row.record_id,
  recordName: row.record_name,
  params: JSON.parse(row.params),
  changes: JSON.parse(row.changes),
  occurredAt: row.occurred_at,
  eventId: row.event_id,
});

/** A page of the log, newest first (or oldest first). */
export async function pageOfActivity(db: Db, filter: ActivityFilter, page: { offset: number; limit: number; direction: 'asc' | 'desc' }): Promise<ActivityEntry[]> {
  const rows = await filtered(db, filter).selectAll().orderBy('occurred_at', page.direction).orderBy('id', page.direction).limit(page.limit).offset(page.offset).execute();
  return rows.map(entryOf);
}

export async function countActivity(db: Db, filter: ActivityFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findActivity(db: Db, id: number): Promise<ActivityEntry | undefined> {
  const row = await db.selectFrom('activity_log').selectAll().where('id', '=', id).executeTakeFirst();
  return row && entryOf(row);
}

/** Everyone who appears in the log as the one acting, by name, for the person filter. */
export async function activityActors(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db.selectFrom('activity_log').select(['actor_id', 'actor_name']).where('actor_id', 'is not', null).groupBy(['actor_id', 'actor_name']).orderBy('actor_name').execute();
  const byId = new Map<number, string>();
  for (const row of rows) if (!byId.has(row.actor_id!)) byId.set(row.actor_id!, row.actor_name);
  return [...byId].map(([id, name]) => ({ id, name }));
}
