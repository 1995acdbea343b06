import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { ISO_DATE_OR_TIME, isCalendarDay, type ListPage } from '../../src/shared';
import { validationError } from './app-error';

/** ra-data-simple-rest's list parameters: sort=["field","ASC"], range=[0,24], filter={...}. */
export const listQuerystring = z.object({
  sort: z.string().max(200).optional(),
  range: z.string().max(100).optional(),
  filter: z.string().max(4000).optional(),
});
export type ListQuerystring = z.infer<typeof listQuerystring>;

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

export type FilterKind =
  | ConditionKind
  /** a lower bound: a day (YYYY-MM-DD) from its first millisecond (UTC), or an ISO time; see dayBound */
  | 'dayFrom'
  /** an upper bound: a day to its last millisecond (UTC), or an ISO time; before the column's dayFrom is a 400 */
  | 'dayTo';

export interface FilterSpec {
  column: string;
  kind: FilterKind;
  /** The API's words for the column's values (e.g. { UPLOADER: 'Y' }); a value not listed is a 400. */
  values?: Record<string, string | number>;
}

/** What a list endpoint allows; anything else in the request is a 400, never SQL. */
export interface ListSpec {
  sortable: Record<string, string>;
  defaultSort: [string, 'ASC' | 'DESC'];
  filters: Record<string, FilterSpec>;
  /** Columns the free-text `q` filter searches. */
  search?: string[];
  maxPageSize?: number;
}

export interface ListRequest {
  orderBy: { column: string; direction: 'asc' | 'desc' };
  offset: number;
  limit: number;
  conditions: { column: string; kind: ConditionKind; value: unknown }[];
  q?: string;
  searchColumns: string[];
}

const DEFAULT_PAGE_SIZE = 10;

function parseJson(raw: string | undefined, field: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw validationError([{ field, message: `${field} must be JSON.` }]);
  }
}

export function parseListQuery(query: ListQuerystring, spec: ListSpec): ListRequest {
  const sort = parseJson(query.sort, 'sort') ?? spec.defaultSort;
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || !/^(ASC|DESC)$/i.test(String(sort[1]))) {
    throw validationError([{ field: 'sort', message: 'sort must be ["field","ASC"|"DESC"].' }]);
  }
  const column = spec.sortable[sort[0]];
  if (!column) throw validationError([{ field: 'sort', message: `Cannot sort by ${sort[0]}.` }]);

  const maxPageSize = spec.maxPageSize ?? 100;
  const range = parseJson(query.range, 'range') ?? [0, DEFAULT_PAGE_SIZE - 1];
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
    throw validationError([{ field: 'range', message: 'range must be [start, end] with 0 ≤ start ≤ end.' }]);
  }
  const limit = Math.min(range[1] - range[0] + 1, maxPageSize);

  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw validationError([{ field: 'filter', message: 'filter must be a JSON object.' }]);
  }
  const conditions: ListRequest['conditions'] = [];
  const dayFroms = new Map<string, string>();
  const dayTos: { column: string; field: string; value: string }[] = [];
  let q: string | undefined;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q' && spec.search?.length) {
      if (typeof value !== 'string') throw validationError([{ field: 'filter.q', message: 'q must be text.' }]);
      q = value.trim().slice(0, 200);
      continue;
    }
    const field = `filter.${key}`;
    const filterSpec = spec.filters[key];
    if (!filterSpec) throw validationError([{ field, message: `Cannot filter by ${key}.` }]);
    const scalar = (item: unknown) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean';
    if (!(scalar(value) || (Array.isArray(value) && filterSpec.kind === 'eq' && value.length <= 500 && value.every(scalar)))) {
      throw validationError([{ field, message: `Invalid value for ${key}.` }]);
    }
    if (filterSpec.kind === 'dayFrom' || filterSpec.kind === 'dayTo') {
      const bound = dayBound(value, filterSpec.kind === 'dayFrom' ? 'from' : 'to', field);
      conditions.push({ column: filterSpec.column, kind: filterSpec.kind === 'dayFrom' ? 'gte' : 'lte', value: bound });
      if (filterSpec.kind === 'dayFrom') dayFroms.set(filterSpec.column, bound);
      else dayTos.push({ column: filterSpec.column, field, value: bound });
      continue;
    }
    conditions.push({ column: filterSpec.column, kind: filterSpec.kind, value: filterSpec.values ? mapValues(value, filterSpec.values, key) : value });
  }
  for (const to of dayTos) refuseInvertedRange(dayFroms.get(to.column), to.value, to.field);
  return {
    orderBy: { column, direction: String(sort[1]).toLowerCase() as 'asc' | 'desc' },
    offset: range[0],
    limit,
    conditions,
    q: q || undefined,
    searchColumns: spec.search ?? [],
  };
}

/** A filter value (or each of an array) in the API's words, as the column's value. */
function mapValues(value: unknown, values: Record<string, string | number>, key: string): unknown {
  const map = (item: unknown) => {
    if (typeof item === 'string' && Object.hasOwn(values, item)) return values[item];
    throw validationError([{ field: `filter.${key}`, message: `${key} must be one of ${Object.keys(values).join(', ')}.` }]);
  };
  return Array.isArray(value) ? value.map(map) : map(value);
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
      .orderBy(sql.ref(request.orderBy.column), request.orderBy.direction)
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
