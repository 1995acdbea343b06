import { z } from 'zod';
import { ISO_DATE_OR_TIME, isCalendarDay, LIST_BOUNDS } from '../../src/shared';
import { msg, type ValidationMessageKey } from '../../src/shared/validation-messages';
import { decodeListCursor, type ListRequest } from '../db/list-page';
import { validationError } from './app-error';
import { conditionValue, textValue, type ConditionFilter } from './list-filter-value';
import { sentence } from '../../src/i18n/serverMessage';

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

const DEFAULT_PAGE_SIZE = 10;

/** A list parameter's JSON; undefined when it is absent or empty. */
export function parseJson(raw: string | undefined, field: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw validationError([{ field, message: sentence('listQuery.mustBeJson', { field }) }]);
  }
}

/** sort=["field","ASC"|"DESC"] as the column it names in `sortable` (own keys only: "constructor" is not a column). */
export function parseSort(raw: string | undefined, sortable: Record<string, string>, defaultSort: [string, 'ASC' | 'DESC'], natural: string[] = []): ListRequest['orderBy'] {
  const sort = parseJson(raw, 'sort') ?? defaultSort;
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string' || !/^(ASC|DESC)$/i.test(sort[1])) {
    throw validationError([{ field: 'sort', message: 'sort must be ["field","ASC"] or ["field","DESC"].' }]);
  }
  if (!Object.hasOwn(sortable, sort[0])) {
    throw validationError([{ field: 'sort', message: sentence('listQuery.cannotSortBySortBy', { sort: sort[0].slice(0, 50), keys: Object.keys(sortable).join(', ') }) }]);
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
    if (!Object.hasOwn(spec.filters, key)) throw validationError([{ field, message: sentence('listQuery.cannotFilterBy', { key: key.slice(0, 50) }) }]);
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
    throw validationError([{ field: 'after', message: sentence('listQuery.unknownPositionInTheList') }]);
  }
  return { sortKey, after };
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
    throw validationError([{ field, message: sentence('listQuery.mustBeARealDate', { name }) }]);
  }
  if (text.length > 10) return new Date(text).toISOString();
  return edge === 'from' ? `${day}T00:00:00.000Z` : `${day}T23:59:59.999Z`;
}

/** A calendar day (YYYY-MM-DD) as it is; anything else is a 400 on `field`. */
function calendarDay(value: unknown, field: string): string {
  if (typeof value === 'string' && isCalendarDay(value)) return value;
  const name = field.slice(field.lastIndexOf('.') + 1);
  throw validationError([{ field, message: sentence('listQuery.mustBeARealDay', { name }) }]);
}

/** A range whose end (from dayBound) is before its start is a 400 on the end's `field`. */
export function refuseInvertedRange(from: string | undefined, to: string | undefined, field: string): void {
  if (from && to && from > to) throw validationError([{ field, message: sentence('listQuery.theEndOfTheDate') }]);
}
