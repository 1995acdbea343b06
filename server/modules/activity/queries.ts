import { sql, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { preparedInsert } from '../../db/prepared-statement';
import type { ActivityLogTable } from '../../db/schema';
import type { ActivityEntry, ActivityFilter } from '../../../src/shared';

/** Every write makes one entry: its insert is built and compiled once (building it was a twentieth of a write). */
const insertEntry = preparedInsert('activity_log', {
  actor_id: true,
  actor_name: true,
  action: true,
  resource: true,
  record_id: true,
  record_name: true,
  params: true,
  changes: true,
  event_id: true,
  occurred_at: true,
});

export async function insertActivity(db: Db, rows: Insertable<ActivityLogTable>[]): Promise<void> {
  if (rows.length === 1) await insertEntry.all(db, { ...rows[0], actor_id: rows[0].actor_id ?? null });
  else if (rows.length) await db.insertInto('activity_log').values(rows).execute();
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

/**
 * A page of the log, newest first (or oldest first). After an entry (`after`), the page starts right
 * past it (keyset: the (occurred_at, id) index is sought, so the cost does not grow with depth), else at `offset`.
 */
export async function pageOfActivity(
  db: Db,
  filter: ActivityFilter,
  page: { offset: number; limit: number; direction: 'asc' | 'desc'; after?: Pick<ActivityEntry, 'occurredAt' | 'id'> },
): Promise<ActivityEntry[]> {
  let query = filtered(db, filter);
  if (page.after) {
    const { occurredAt, id } = page.after;
    query = query.where(page.direction === 'desc' ? sql<SqlBool>`(occurred_at, id) < (${occurredAt}, ${id})` : sql<SqlBool>`(occurred_at, id) > (${occurredAt}, ${id})`);
  }
  const rows = await query
    .selectAll()
    .orderBy('occurred_at', page.direction)
    .orderBy('id', page.direction)
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset)
    .execute();
  return rows.map(entryOf);
}

/** Entries that a restore undoes: a record's delete, or a share's end from before entries named their share. */
const RESTORABLE_ACTIONS = new Set<ActivityEntry['action']>(['delete', 'unshare']);

/**
 * Says of each delete entry among `entries` whether it has been restored since, so that Restore is
 * offered only for what is still deleted. A restore is recorded on the record its delete was
 * recorded on, naming the delete entry (`restoreOf`), so the record's own entries tell.
 */
export async function withRestored(db: Db, entries: ActivityEntry[]): Promise<ActivityEntry[]> {
  const deletes = entries.filter((entry) => RESTORABLE_ACTIONS.has(entry.action));
  if (!deletes.length) return entries;
  const restores = await db
    .selectFrom('activity_log')
    .select('params')
    .where('action', '=', 'restore')
    .where((eb) => eb.or(deletes.map((entry) => eb.and([eb('resource', '=', entry.resource), eb('record_id', '=', entry.recordId)]))))
    .execute();
  const restored = new Set(restores.map((row) => (JSON.parse(row.params) as { restoreOf?: number }).restoreOf));
  return entries.map((entry) => (RESTORABLE_ACTIONS.has(entry.action) ? { ...entry, restored: restored.has(entry.id) } : entry));
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

/** A record's latest entries, newest first: what a refused stale save reads back to the version it was made from. */
export async function latestActivityOf(db: Db, resource: string, recordId: string, limit: number): Promise<ActivityEntry[]> {
  const rows = await db
    .selectFrom('activity_log')
    .selectAll()
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(entryOf);
}

/** The entries of the same record made after `entry`, oldest first: what a revert of it must not undo. */
export async function activityAfter(db: Db, entry: Pick<ActivityEntry, 'id' | 'resource' | 'recordId'>): Promise<ActivityEntry[]> {
  const rows = await db.selectFrom('activity_log').selectAll().where('resource', '=', entry.resource).where('record_id', '=', entry.recordId).where('id', '>', entry.id).orderBy('id').execute();
  return rows.map(entryOf);
}
