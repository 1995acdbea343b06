import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { DB_INTEGER_MAX, type ListPage } from '../../src/shared';
import { containsPattern, containsText } from './contains-text';
import type { Db } from './database';
import { countListRows, type ListTotal } from './list-count';
import { preparedStatement, type PreparedStatement } from './prepared-statement';
import { BoundedMap } from '../bounded-map';

/*
 * A parsed list request (server/http/list-query.ts parses one from the query string against an
 * endpoint's whitelist) as SQL: its WHERE, its page in the sort, its count and its cursor.
 */

/** How a parsed condition compares its column; what reaches SQL. */
export type ConditionKind =
  /** equals the value, or any of an array of values */
  | 'eq'
  /** case-insensitive substring */
  | 'contains'
  /** value is a lower bound (inclusive) */
  | 'gte'
  /** value is an upper bound (inclusive) */
  | 'lte';

/** Where a keyset page starts: right after the row with this sort value and id, in this sort. */
export interface ListCursor {
  sortKey: string;
  direction: 'asc' | 'desc';
  value: string | number;
  id: number;
}

export interface ListRequest {
  orderBy: { column: string; direction: 'asc' | 'desc'; natural?: boolean; key?: string };
  offset: number;
  limit: number;
  conditions: { column: string; kind: ConditionKind; value: unknown }[];
  q?: string;
  searchColumns: string[];
  /** Set when the sort may page by keyset: the column whose value a cursor carries. */
  keyset?: { sortKey: string; after?: ListCursor };
}

/** A keyset position as the text a list answer's nextCursor carries. */
export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sortKey, cursor.direction, cursor.value, cursor.id])).toString('base64url');
}

/** Exactly what encodeListCursor wrote, or undefined: no NUL, overflow or object may reach SQL. */
export function decodeListCursor(text: string): ListCursor | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString());
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
  const [sortKey, direction, value, id] = parsed as unknown[];
  const validValue = (typeof value === 'string' && value.length <= 100 && !value.includes('\0')) || (Number.isSafeInteger(value) && Math.abs(value as number) <= DB_INTEGER_MAX);
  if (typeof sortKey !== 'string' || (direction !== 'asc' && direction !== 'desc') || !validValue || !Number.isSafeInteger(id) || (id as number) < 1 || (id as number) > DB_INTEGER_MAX)
    return undefined;
  return { sortKey, direction, value: value as string | number, id: id as number };
}

/**
 * The values a list request binds, by the names whereOf and the page query give their places:
 * `c<n>` (or `c<n>.<i>` for each of a list) for the n-th condition, `q`, the cursor's, the page's.
 */
export function listValues(request: ListRequest): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  request.conditions.forEach(({ kind, value }, index) => {
    if (kind === 'contains') values[`c${index}`] = containsPattern(String(value));
    else if (kind === 'eq' && Array.isArray(value)) value.forEach((item, at) => (values[`c${index}.${at}`] = item));
    else values[`c${index}`] = value;
  });
  if (request.q && request.searchColumns.length) values.q = containsPattern(request.q);
  const after = request.keyset?.after;
  if (after) Object.assign(values, { afterValue: after.value, afterId: after.id });
  return Object.assign(values, { offset: after ? 0 : request.offset });
}

/** Each of listValues' values by its name: the value itself, or a placeholder for a query compiled once. */
type ListValue = (name: string) => unknown;

function valuesOf(request: ListRequest): ListValue {
  const values = listValues(request);
  return (name) => values[name];
}

/** The WHERE of a parsed list request; every column came from the endpoint's own spec. */
export function whereOf(request: ListRequest, value: ListValue = valuesOf(request)): Expression<SqlBool> | undefined {
  const parts = request.conditions.map(({ column, kind, value: given }, index) => {
    const ref = sql.ref(column);
    const at = `c${index}`;
    if (kind === 'contains') return containsText(ref, value(at));
    if (kind === 'gte') return sql<SqlBool>`${ref} >= ${value(at)}`;
    if (kind === 'lte') return sql<SqlBool>`${ref} <= ${value(at)}`;
    if (Array.isArray(given)) return given.length ? sql<SqlBool>`${ref} in (${sql.join(given.map((_, item) => value(`${at}.${item}`)))})` : sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`${ref} = ${value(at)}`;
  });
  if (request.q && request.searchColumns.length) {
    const pattern = value('q');
    parts.push(
      sql<SqlBool>`(${sql.join(
        request.searchColumns.map((column) => containsText(sql.ref(column), pattern)),
        sql` or `,
      )})`,
    );
  }
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : undefined;
}

export interface ListPageOptions {
  /** The database: counts are bounded, and reused until a write or, for large lists, for a while (see list-count.ts). */
  db: Kysely<any>;
  /**
   * FROM/JOINs for the count when `base` joins tables only for display: the WHERE is applied to
   * both, so this must hold every table the filters and the search name.
   */
  countBase?: SelectQueryBuilder<any, any, any>;
}

/** A list page as listPage answers it. */
export type ListPageOf<Row> = ListPage<Row> & { nextCursor?: string | null; totalIsEstimate?: boolean };

/**
 * The page query: `filtered` (FROM/JOINs/WHERE) after the cursor, with its columns, in the sort.
 * The secondary order by id keeps pages stable when the sort column has ties, and is the
 * tie-break of a keyset cursor.
 */
function pageQuery<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  request: ListRequest,
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<any, any, Row>,
  idColumn: string,
  value: ListValue,
): SelectQueryBuilder<any, any, Row> {
  const after = request.keyset?.after;
  const { column, direction } = request.orderBy;
  let page = select(after ? filtered.where(afterCursor(column, idColumn, direction, value) as never) : filtered)
    // natural_key is registered on SQLite's connection and created on PostgreSQL by migration 014.
    .orderBy(request.orderBy.natural ? sql`natural_key(${sql.ref(column)})` : sql.ref(column), direction);
  if (column !== idColumn) page = page.orderBy(sql.ref(idColumn), direction);
  // The page size is part of the statement (literal-limits.ts); the offset is a value.
  return page.limit(request.limit).offset(value('offset') as number);
}

function answer<Row>(rows: Row[], total: ListTotal, request: ListRequest): ListPageOf<Row> {
  const totalCount = total.count;
  return {
    list: rows,
    totalCount,
    totalPage: Math.max(1, Math.ceil(totalCount / request.limit)),
    currentPage: Math.floor(request.offset / request.limit) + 1,
    ...(request.keyset ? { nextCursor: nextCursorOf(rows as Record<string, unknown>[], request) } : {}),
    ...(total.estimated ? { totalIsEstimate: true } : {}),
  };
}

/** Runs a page and its count. `base` selects FROM/JOINs only; `select` adds the columns (and may add the joins only the columns need). */
export async function listPage<DB, TB extends keyof DB, O, Row>(
  base: SelectQueryBuilder<DB, TB, O>,
  request: ListRequest,
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<any, any, Row>,
  idColumn: string,
  options: ListPageOptions,
): Promise<ListPageOf<Row>> {
  const value = valuesOf(request);
  const where = whereOf(request, value);
  const filtered = where ? base.where(where as never) : base;
  const countRows = options.countBase ? (where ? options.countBase.where(where as never) : options.countBase) : filtered;
  const [rows, total] = await Promise.all([pageQuery(filtered, request, select, idColumn, value).execute(), countListRows(options.db, countRows)]);
  return answer(rows as Row[], total, request);
}

/** Distinct request shapes a prepared list keeps compiled; the least recently used goes first. */
const PREPARED_SHAPES = 200;

/**
 * listPage for a list whose FROM/JOINs and columns are the same for every caller (a plain table):
 * its page query and its count's cache key are built and compiled once per shape of request (which
 * conditions, search, sort and cursor) and run with each request's values. Building and compiling
 * them anew took about a sixth of a list call's time. `base` must not depend on the caller:
 * whatever differs per caller goes in the request's conditions (a scope adds them there).
 */
export function preparedList<Row>(
  base: (db: Db) => SelectQueryBuilder<any, any, any>,
  select: (query: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, Row>,
  idColumn: string,
): (db: Db, request: ListRequest) => Promise<ListPageOf<Row>> {
  type Values = Record<string, unknown>;
  const shapes = new BoundedMap<string, { page: PreparedStatement<Values, Row>; countRows: PreparedStatement<Values, unknown> }>(PREPARED_SHAPES);
  const filteredBy = (handle: Db, request: ListRequest, value: ListValue) => {
    const where = whereOf(request, value);
    return where ? base(handle).where(where as never) : base(handle);
  };
  const shapeOf = (request: ListRequest) => {
    const key = shapeKey(request);
    let shape = shapes.get(key);
    if (!shape) {
      shape = {
        page: preparedStatement<Values, Row>((handle, value) => pageQuery(filteredBy(handle, request, value), request, select, idColumn, value)),
        // Compiled only for the count cache's key: a count itself runs rarely (list-count.ts).
        countRows: preparedStatement<Values, unknown>((handle, value) => filteredBy(handle, request, value).select(sql`1`.as('one'))),
      };
    }
    // Set again on a hit too: the shape becomes the newest, and the least recently used goes first.
    shapes.set(key, shape);
    return shape;
  };
  return async (db, request) => {
    const { page, countRows } = shapeOf(request);
    const values = listValues(request);
    const [rows, total] = await Promise.all([page.all(db, values), countListRows(db, { compiled: countRows.bound(db, values), rows: () => filteredBy(db, request, (name) => values[name]) })]);
    return answer(rows, total, request);
  };
}

/** What makes two requests one query with different values: every column, operator, list length and order, and the page size; none of the values. */
function shapeKey(request: ListRequest): string {
  const { orderBy, conditions, q, searchColumns, keyset, limit } = request;
  return JSON.stringify([
    limit,
    orderBy.column,
    orderBy.direction,
    orderBy.natural ?? false,
    conditions.map(({ column, kind, value }) => [column, kind, Array.isArray(value) ? value.length : -1]),
    q && searchColumns.length ? searchColumns : [],
    keyset?.after !== undefined,
  ]);
}

/**
 * Rows strictly after the cursor in the sort (a cursor's direction is its sort's, keysetOf checks);
 * a row-value comparison lets both engines seek the (sort, id) index.
 */
function afterCursor(column: string, idColumn: string, direction: 'asc' | 'desc', value: ListValue): Expression<SqlBool> {
  const operator = sql.raw(direction === 'desc' ? '<' : '>');
  if (column === idColumn) return sql<SqlBool>`${sql.ref(idColumn)} ${operator} ${value('afterId')}`;
  return sql<SqlBool>`(${sql.ref(column)}, ${sql.ref(idColumn)}) ${operator} (${value('afterValue')}, ${value('afterId')})`;
}

/**
 * The position after a full page's last row; null on the last page. A keyset list selects its sort
 * value under the sort key's name and its id as `id`.
 */
function nextCursorOf(rows: Record<string, unknown>[], request: ListRequest): string | null {
  const last = rows.at(-1);
  if (!last || rows.length < request.limit) return null;
  const { sortKey } = request.keyset!;
  return encodeListCursor({ sortKey, direction: request.orderBy.direction, value: last[sortKey] as string | number, id: Number(last.id) });
}
