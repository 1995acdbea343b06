import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { ISO_DATE_OR_TIME, isCalendarDay, LIST_BOUNDS, type ListPage } from '../../src/shared';
import { validationError } from './app-error';
import { conditionValue, textValue, type ConditionFilter } from './list-filter-value';

/** ra-data-simple-rest's list parameters: sort=["field","ASC"], range=[0,24], filter={...}; each given once, as JSON text. */
export const listQuerystring = z.object({
  sort: listParameter('sort', 200, '["name","ASC"]'),
  range: listParameter('range', 100, '[0,24]'),
  filter: listParameter('filter', 4000, '{"q":"sale"}'),
});
export type ListQuerystring = z.infer<typeof listQuerystring>;

function listParameter(name: string, max: number, example: string) {
  return z
    .string({ error: `${name} must be given once, as JSON text such as ${example}.` })
    .max(max, `${name} must be at most ${max} characters.`)
    .optional();
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
   * dayFrom: a lower bound, a day (YYYY-MM-DD) from its first millisecond (UTC), or an ISO time; see dayBound.
   * dayTo: an upper bound, a day to its last millisecond (UTC), or an ISO time; before the column's dayFrom is a 400.
   */
  kind: 'dayFrom' | 'dayTo';
}
export type FilterSpec = ConditionFilter | DayFilter;
const isDayFilter = (filter: FilterSpec): filter is DayFilter => filter.kind === 'dayFrom' || filter.kind === 'dayTo';

/** What a list endpoint allows; anything else in the request is a 400, never SQL. */
export interface ListSpec {
  sortable: Record<string, string>;
  defaultSort: [string, 'ASC' | 'DESC'];
  filters: Record<string, FilterSpec>;
  /** Columns the free-text `q` filter searches. */
  search?: string[];
  /** Sortable keys of names people number ("Spring #5" before "Spring #23"): ordered by natural_key(). */
  natural?: string[];
}

export interface ListRequest {
  orderBy: { column: string; direction: 'asc' | 'desc'; natural?: boolean };
  offset: number;
  limit: number;
  conditions: { column: string; kind: ConditionKind; value: unknown }[];
  q?: string;
  searchColumns: string[];
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
  return { column: sortable[sort[0]], direction: sort[1].toLowerCase() as 'asc' | 'desc', natural: natural.includes(sort[0]) };
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

export function parseListQuery(query: ListQuerystring, spec: ListSpec): ListRequest {
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
    const bound = dayBound(value, filterSpec.kind === 'dayFrom' ? 'from' : 'to', field);
    conditions.push({ column: filterSpec.column, kind: filterSpec.kind === 'dayFrom' ? 'gte' : 'lte', value: bound });
    if (filterSpec.kind === 'dayFrom') dayFroms.set(filterSpec.column, bound);
    else dayTos.push({ column: filterSpec.column, field, value: bound });
  }
  for (const to of dayTos) refuseInvertedRange(dayFroms.get(to.column), to.value, to.field);
  return { orderBy, offset, limit, conditions, q: q || undefined, searchColumns: spec.search ?? [] };
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

/** A range whose end (from dayBound) is before its start is a 400 on the end's `field`. */
export function refuseInvertedRange(from: string | undefined, to: string | undefined, field: string): void {
  if (from && to && from > to) throw validationError([{ field, message: 'The end of the date range must not be before its start.' }]);
}

/** The WHERE of a parsed list request; every column came from the endpoint's own spec. */
export function whereOf(request: ListRequest): Expression<SqlBool> | undefined {
  const parts = request.conditions.map(({ column, kind, value }) => {
    const ref = sql.ref(column);
    if (kind === 'contains') return sql<SqlBool>`lower(${ref}) like ${`%${escapeLike(String(value).toLowerCase())}%`} escape '\\'`;
    if (kind === 'gte') return sql<SqlBool>`${ref} >= ${value}`;
    if (kind === 'lte') return sql<SqlBool>`${ref} <= ${value}`;
    if (Array.isArray(value)) return value.length ? sql<SqlBool>`${ref} in (${sql.join(value)})` : sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`${ref} = ${value}`;
  });
  if (request.q && request.searchColumns.length) {
    const pattern = `%${escapeLike(request.q.toLowerCase())}%`;
    parts.push(sql<SqlBool>`(${sql.join(request.searchColumns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`), sql` or `)})`);
  }
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : undefined;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Runs a page and its count. `base` selects FROM/JOINs only; `select` adds the columns.
 * The secondary order by id keeps pages stable when the sort column has ties.
 */
export async function listPage<DB, TB extends keyof DB, O, Row>(
  base: SelectQueryBuilder<DB, TB, O>,
  request: ListRequest,
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  idColumn: string,
): Promise<ListPage<Row>> {
  const where = whereOf(request);
  const filtered = where ? base.where(where as never) : base;
  const [rows, count] = await Promise.all([
    select(filtered)
      // natural_key is registered on SQLite's connection and created on PostgreSQL by migration 014.
      .orderBy(request.orderBy.natural ? sql`natural_key(${sql.ref(request.orderBy.column)})` : sql.ref(request.orderBy.column), request.orderBy.direction)
      .orderBy(sql.ref(idColumn), request.orderBy.direction)
      .limit(request.limit)
      .offset(request.offset)
      .execute(),
    filtered.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow() as unknown as Promise<{ count: number | string }>,
  ]);
  const totalCount = Number(count.count);
  return {
    list: rows as Row[],
    totalCount,
    totalPage: Math.max(1, Math.ceil(totalCount / request.limit)),
    currentPage: Math.floor(request.offset / request.limit) + 1,
  };
}
