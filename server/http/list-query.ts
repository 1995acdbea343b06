import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { DB_INTEGER_MAX, ISO_DATE_OR_TIME, isCalendarDay, LIST_BOUNDS, type ListPage } from '../../src/shared';
import { msg, type ValidationMessageKey } from '../../src/shared/validation-messages';
import { validationError } from './app-error';
import { countListRows, type ListTotal } from './list-count';
import type { Db } from '../db/database';
import { preparedStatement, type PreparedStatement } from '../db/prepared-statement';
import { conditionValue, textValue, type ConditionFilter } from './list-filter-value';

/** ra-data-simple-rest's list parameters: sort=["field","ASC"], range=[0,24], filter={...}; each given once, as JSON text. */
export const listQuerystring = z.object({
  sort: listParameter(200, msg.sortGivenOnce),
  range: listParameter(100, msg.rangeGivenOnce),
  filter: listParameter(4000, msg.filterGivenOnce),
  /** A keyset position: the page starts right after the row it names (a list answer's nextCursor). */
  after: z.string({ error: msg.afterGivenOnce }).max(300).optional(),
});
export type ListQuerystring = z.infer<typeof listQuerystring>;

/** A parameter given twice arrives as an array: its message says to give it once, as JSON text. */
function listParameter(max: number, givenOnce: ValidationMessageKey) {
  return z.string({ error: givenOnce }).max(max).optional();
}

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

export interface DayFilter {
  column: string;
  /**
   * On a column holding a moment (ISO time):
   * dayFrom: a lower bound, a day (YYYY-MM-DD) from its first millisecond (UTC), or an ISO time; see dayBound.
   * dayTo: an upper bound, a day to its last millisecond (UTC), or an ISO time; before the column's dayFrom is a 400.
   * On a column holding a calendar day (YYYY-MM-DD), compared as that text:
   * fromDay / toDay: the first / last day included; a toDay before the column's fromDay is a 400.
   */
  kind: 'dayFrom' | 'dayTo' | 'fromDay' | 'toDay';
}
export type FilterSpec = ConditionFilter | DayFilter;
const isDayFilter = (filter: FilterSpec): filter is DayFilter => filter.kind === 'dayFrom' || filter.kind === 'dayTo' || filter.kind === 'fromDay' || filter.kind === 'toDay';
const isLowerBound = (filter: DayFilter) => filter.kind === 'dayFrom' || filter.kind === 'fromDay';

/** What a list endpoint allows; anything else in the request is a 400, never SQL. */
export interface ListSpec {
  /**
   * The table (or alias) the columns below belong to, written once: a bare column `name` means
   * `<table>.name`; one already qualified (`companies.name`) is left as it is.
   */
  table?: string;
  sortable: Record<string, string>;
  defaultSort: [string, 'ASC' | 'DESC'];
  filters: Record<string, FilterSpec>;
  /** Columns the free-text `q` filter searches. */
  search?: string[];
  /** Sortable keys of names people number ("Spring #5" before "Spring #23"): ordered by natural_key(). */
  natural?: string[];
  /**
   * Sortable keys whose column is NOT NULL: paging by them answers a nextCursor, and a page asked
   * with it seeks (sort value, id) in an index instead of stepping over OFFSET rows.
   */
  keyset?: string[];
}

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

const DEFAULT_PAGE_SIZE = 10;

/** A list parameter's JSON; undefined when it is absent or empty. */
export function parseJson(raw: string | undefined, field: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw validationError([{ field, message: `${field} must be JSON.` }]);
  }
}

/** sort=["field","ASC"|"DESC"] as the column it names in `sortable` (own keys only: "constructor" is not a column). */
export function parseSort(raw: string | undefined, sortable: Record<string, string>, defaultSort: [string, 'ASC' | 'DESC'], natural: string[] = []): ListRequest['orderBy'] {
  const sort = parseJson(raw, 'sort') ?? defaultSort;
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string' || !/^(ASC|DESC)$/i.test(sort[1])) {
    throw validationError([{ field: 'sort', message: 'sort must be ["field","ASC"] or ["field","DESC"].' }]);
  }
  if (!Object.hasOwn(sortable, sort[0])) {
    throw validationError([{ field: 'sort', message: `Cannot sort by ${sort[0].slice(0, 50)}; sort by one of ${Object.keys(sortable).join(', ')}.` }]);
  }
  return { column: sortable[sort[0]], direction: sort[1].toLowerCase() as 'asc' | 'desc', natural: natural.includes(sort[0]), key: sort[0] };
}

/** range=[first,last] row numbers as an offset and a limit; a range wider than a page is answered with a full page. */
export function parseRange(raw: string | undefined, defaultPageSize = DEFAULT_PAGE_SIZE): { offset: number; limit: number } {
  const range = parseJson(raw, 'range') ?? [0, defaultPageSize - 1];
  const { maxOffset, maxPageSize } = LIST_BOUNDS;
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n)) || range[0] < 0 || range[1] < range[0] || range[0] > maxOffset) {
    throw validationError([{ field: 'range', message: `range must be [first, last] row numbers: whole numbers with 0 ≤ first ≤ last and first at most ${maxOffset}.` }]);
  }
  return { offset: range[0], limit: Math.min(range[1] - range[0] + 1, maxPageSize) };
}

/** Each endpoint's spec as qualified: a route's spec is made once, at its start, so it is qualified once. */
const qualifiedSpecs = new WeakMap<ListSpec, ListSpec>();

/** The spec with every bare column qualified by its table, as SQL will name it. */
function qualified(spec: ListSpec): ListSpec {
  let known = qualifiedSpecs.get(spec);
  if (!known) qualifiedSpecs.set(spec, (known = qualify(spec)));
  return known;
}

function qualify(spec: ListSpec): ListSpec {
  const { table } = spec;
  if (!table) return spec;
  const column = (name: string) => (name.includes('.') ? name : `${table}.${name}`);
  return {
    ...spec,
    sortable: Object.fromEntries(Object.entries(spec.sortable).map(([key, name]) => [key, column(name)])),
    filters: Object.fromEntries(Object.entries(spec.filters).map(([key, filter]) => [key, { ...filter, column: column(filter.column) }])),
    search: spec.search?.map(column),
  };
}

export function parseListQuery(query: ListQuerystring, listSpec: ListSpec): ListRequest {
  const spec = qualified(listSpec);
  const orderBy = parseSort(query.sort, spec.sortable, spec.defaultSort, spec.natural);
  const { offset, limit } = parseRange(query.range);

  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw validationError([{ field: 'filter', message: 'filter must be a JSON object such as {"q":"sale"}.' }]);
  }
  const conditions: ListRequest['conditions'] = [];
  const dayFroms = new Map<string, string>();
  const dayTos: { column: string; field: string; value: string }[] = [];
  let q: string | undefined;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    const field = `filter.${key.slice(0, 50)}`;
    if (key === 'q' && spec.search?.length) {
      q = textValue(value, 'q').trim();
      continue;
    }
    // Own keys only: "__proto__" or "constructor" must not find Object.prototype's members.
    if (!Object.hasOwn(spec.filters, key)) throw validationError([{ field, message: `Cannot filter by ${key.slice(0, 50)}.` }]);
    const filterSpec = spec.filters[key];
    if (!isDayFilter(filterSpec)) {
      conditions.push({ column: filterSpec.column, kind: filterSpec.kind, value: conditionValue(value, filterSpec, key) });
      continue;
    }
    const lower = isLowerBound(filterSpec);
    const bound = filterSpec.kind === 'fromDay' || filterSpec.kind === 'toDay' ? calendarDay(value, field) : dayBound(value, lower ? 'from' : 'to', field);
    conditions.push({ column: filterSpec.column, kind: lower ? 'gte' : 'lte', value: bound });
    if (lower) dayFroms.set(filterSpec.column, bound);
    else dayTos.push({ column: filterSpec.column, field, value: bound });
  }
  for (const to of dayTos) refuseInvertedRange(dayFroms.get(to.column), to.value, to.field);
  return { orderBy, offset, limit, conditions, q: q || undefined, searchColumns: spec.search ?? [], keyset: keysetOf(query.after, orderBy, spec) };
}

function keysetOf(rawAfter: string | undefined, orderBy: ListRequest['orderBy'], spec: ListSpec): ListRequest['keyset'] {
  const sortKey = orderBy.key!;
  const keyset = spec.keyset?.includes(sortKey) ? { sortKey } : undefined;
  if (rawAfter === undefined || rawAfter === '') return keyset;
  const after = decodeListCursor(rawAfter);
  // A cursor is a position in one sort: in another (or where this list has none) it means nothing.
  if (!keyset || !after || after.sortKey !== sortKey || after.direction !== orderBy.direction) {
    throw validationError([{ field: 'after', message: 'Unknown position in the list; open the list again from its first page.' }]);
  }
  return { sortKey, after };
}

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
 * A day (YYYY-MM-DD) as its first (`from`) or last (`to`) millisecond in UTC; an ISO time as itself.
 * Anything else is a 400 on `field`, an impossible day such as 2024-02-30 too (Date.parse would roll it over).
 */
export function dayBound(value: unknown, edge: 'from' | 'to', field: string): string {
  const text = typeof value === 'string' && ISO_DATE_OR_TIME.test(value) ? value : '';
  const day = text.slice(0, 10);
  if (!isCalendarDay(day) || Number.isNaN(Date.parse(text))) {
    const name = field.slice(field.lastIndexOf('.') + 1);
    throw validationError([{ field, message: `${name} must be a real date such as 2024-05-31, or an ISO time.` }]);
  }
  if (text.length > 10) return new Date(text).toISOString();
  return edge === 'from' ? `${day}T00:00:00.000Z` : `${day}T23:59:59.999Z`;
}

/** A calendar day (YYYY-MM-DD) as it is; anything else is a 400 on `field`. */
function calendarDay(value: unknown, field: string): string {
  if (typeof value === 'string' && isCalendarDay(value)) return value;
  const name = field.slice(field.lastIndexOf('.') + 1);
  throw validationError([{ field, message: `${name} must be a real date such as 2024-05-31.` }]);
}

/** A range whose end (from dayBound) is before its start is a 400 on the end's `field`. */
export function refuseInvertedRange(from: string | undefined, to: string | undefined, field: string): void {
  if (from && to && from > to) throw validationError([{ field, message: 'The end of the date range must not be before its start.' }]);
}

/**
 * The values a list request binds, by the names whereOf and the page query give their places:
 * `c<n>` (or `c<n>.<i>` for each of a list) for the n-th condition, `q`, the cursor's, the page's.
 */
export function listValues(request: ListRequest): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  request.conditions.forEach(({ kind, value }, index) => {
    if (kind === 'contains') values[`c${index}`] = `%${escapeLike(String(value).toLowerCase())}%`;
    else if (kind === 'eq' && Array.isArray(value)) value.forEach((item, at) => (values[`c${index}.${at}`] = item));
    else values[`c${index}`] = value;
  });
  if (request.q && request.searchColumns.length) values.q = `%${escapeLike(request.q.toLowerCase())}%`;
  const after = request.keyset?.after;
  if (after) Object.assign(values, { afterValue: after.value, afterId: after.id });
  return Object.assign(values, { limit: request.limit, offset: after ? 0 : request.offset });
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
    if (kind === 'contains') return sql<SqlBool>`lower(${ref}) like ${value(at)} escape '\\'`;
    if (kind === 'gte') return sql<SqlBool>`${ref} >= ${value(at)}`;
    if (kind === 'lte') return sql<SqlBool>`${ref} <= ${value(at)}`;
    if (Array.isArray(given)) return given.length ? sql<SqlBool>`${ref} in (${sql.join(given.map((_, item) => value(`${at}.${item}`)))})` : sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`${ref} = ${value(at)}`;
  });
  if (request.q && request.searchColumns.length) {
    const pattern = value('q');
    parts.push(
      sql<SqlBool>`(${sql.join(
        request.searchColumns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
        sql` or `,
      )})`,
    );
  }
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : undefined;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
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
  return page.limit(value('limit') as number).offset(value('offset') as number);
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
  const shapes = new Map<string, { page: PreparedStatement<Values, Row>; countRows: PreparedStatement<Values, unknown> }>();
  const filteredBy = (handle: Db, request: ListRequest, value: ListValue) => {
    const where = whereOf(request, value);
    return where ? base(handle).where(where as never) : base(handle);
  };
  const shapeOf = (request: ListRequest) => {
    const key = shapeKey(request);
    let shape = shapes.get(key);
    if (shape) shapes.delete(key);
    else {
      shape = {
        page: preparedStatement<Values, Row>((handle, value) => pageQuery(filteredBy(handle, request, value), request, select, idColumn, value)),
        // Compiled only for the count cache's key: a count itself runs rarely (list-count.ts).
        countRows: preparedStatement<Values, unknown>((handle, value) => filteredBy(handle, request, value).select(sql`1`.as('one'))),
      };
      if (shapes.size >= PREPARED_SHAPES) shapes.delete(shapes.keys().next().value!);
    }
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

/** What makes two requests one query with different values: every column, operator, list length and order, none of the values. */
function shapeKey(request: ListRequest): string {
  const { orderBy, conditions, q, searchColumns, keyset } = request;
  return JSON.stringify([
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
