import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern, containsText } from '../../db/contains-text';
import { DB_INTEGER_MAX, type SystemLogEntry, type SystemLogFilter } from '../../../src/shared';

const columns = [
  'id',
  'admin_id as adminId',
  'email',
  'event_id as eventId',
  'end_point as endPoint',
  'http_method as httpMethod',
  'http_status as httpStatus',
  'query_param as queryParam',
  'request_body as requestBody',
  'request_at as requestAt',
  'source_ip as sourceIp',
] as const;

/** A position in the log, newest first: rows strictly older than (requestAt, id). */
export interface LogCursor {
  requestAt: string;
  id: number;
}

export function encodeCursor(entry: LogCursor): string {
  return Buffer.from(`${entry.requestAt}|${entry.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): LogCursor | undefined {
  const [requestAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  // Exactly what encodeCursor wrote (request_at is an ISO instant, id an integer row id): anything else could reach PostgreSQL as NUL or an overflow.
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(requestAt ?? '') || !/^\d{1,10}$/.test(id ?? '') || Number(id) > DB_INTEGER_MAX) return undefined;
  return { requestAt: requestAt!, id: Number(id) };
}

export function whereOfFilter(filter: SystemLogFilter): Expression<SqlBool>[] {
  const parts: Expression<SqlBool>[] = [];
  if (filter.from) parts.push(sql<SqlBool>`request_at >= ${new Date(filter.from).toISOString()}`);
  if (filter.to) parts.push(sql<SqlBool>`request_at <= ${new Date(filter.to).toISOString()}`);
  if (filter.adminId) parts.push(sql<SqlBool>`admin_id = ${filter.adminId}`);
  if (filter.email) parts.push(containsText(sql`email`, containsPattern(filter.email)));
  if (filter.httpMethod) parts.push(sql<SqlBool>`http_method = ${filter.httpMethod}`);
  if (filter.statusClass) {
    const low = Number(filter.statusClass[0]) * 100;
    parts.push(sql<SqlBool>`http_status >= ${low} and http_status < ${low + 100}`);
  }
  if (filter.endPoint) parts.push(containsText(sql`end_point`, containsPattern(filter.endPoint)));
  return parts;
}

/**
 * A page newest (or oldest) first. With a cursor the page starts right after it (keyset: cost
 * does not grow with depth); without, at `offset`.
 */
export async function pageOfLogs(db: Db, filter: SystemLogFilter, page: { limit: number; offset: number; cursor?: LogCursor; direction: 'asc' | 'desc' }): Promise<SystemLogEntry[]> {
  const parts = whereOfFilter(filter);
  if (page.cursor) {
    const { requestAt, id } = page.cursor;
    // A row-value comparison lets both engines seek the (request_at, id) index instead of scanning.
    parts.push(page.direction === 'desc' ? sql<SqlBool>`(request_at, id) < (${requestAt}, ${id})` : sql<SqlBool>`(request_at, id) > (${requestAt}, ${id})`);
  }
  let query = db.selectFrom('system_logs').select(columns);
  if (parts.length) query = query.where(sql<SqlBool>`${sql.join(parts, sql` and `)}`);
  return query
    .orderBy('request_at', page.direction)
    .orderBy('id', page.direction)
    .limit(page.limit)
    .offset(page.cursor ? 0 : page.offset)
    .execute() as Promise<SystemLogEntry[]>;
}

export async function countLogs(db: Db, filter: SystemLogFilter): Promise<number> {
  const parts = whereOfFilter(filter);
  let query = db.selectFrom('system_logs').select(sql<number>`count(*)`.as('count'));
  if (parts.length) query = query.where(sql<SqlBool>`${sql.join(parts, sql` and `)}`);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export function findLog(db: Db, id: number): Promise<SystemLogEntry | undefined> {
  return db.selectFrom('system_logs').select(columns).where('id', '=', id).executeTakeFirst() as Promise<SystemLogEntry | undefined>;
}
