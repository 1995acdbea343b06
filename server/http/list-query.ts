import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { ListPage } from '../../src/shared';
import { validationError } from './app-error';

/** ra-data-simple-rest's list parameters: sort=["field","ASC"], range=[0,24], filter={...}. */
export const listQuerystring = z.object({
  sort: z.string().max(200).optional(),
  range: z.string().max(100).optional(),
  filter: z.string().max(4000).optional(),
});
export type ListQuerystring = z.infer<typeof listQuerystring>;

export type FilterKind =
  /** equals the value, or any of an array of values */
  | 'eq'
  /** case-insensitive substring */
  | 'contains'
  /** value is a lower bound (inclusive) */
  | 'gte'
  /** value is an upper bound (inclusive) */
  | 'lte';

export interface FilterSpec {
  column: string;
  kind: FilterKind;
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
  conditions: { column: string; kind: FilterKind; value: unknown }[];
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
  let q: string | undefined;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q' && spec.search?.length) {
      if (typeof value !== 'string') throw validationError([{ field: 'filter.q', message: 'q must be text.' }]);
      q = value.trim().slice(0, 200);
      continue;
    }
    const filterSpec = spec.filters[key];
    if (!filterSpec) throw validationError([{ field: `filter.${key}`, message: `Cannot filter by ${key}.` }]);
    const scalar = (item: unknown) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean';
    if (!(scalar(value) || (Array.isArray(value) && filterSpec.kind === 'eq' && value.length <= 500 && value.every(scalar)))) {
      throw validationError([{ field: `filter.${key}`, message: `Invalid value for ${key}.` }]);
    }
    conditions.push({ column: filterSpec.column, kind: filterSpec.kind, value });
  }
  return {
    orderBy: { column, direction: String(sort[1]).toLowerCase() as 'asc' | 'desc' },
    offset: range[0],
    limit,
    conditions,
    q: q || undefined,
    searchColumns: spec.search ?? [],
  };
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
