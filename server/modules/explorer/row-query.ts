import { isCalendarDay, type ExplorerColumn } from '../../../src/shared';
import { validationError } from '../../http/app-error';
import { textValue } from '../../http/list-filter-value';
import { parseJson, parseRange, type ListQuerystring } from '../../http/list-query';
import type { ExplorerSource, RowCondition, RowsRequest } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

const names = (columns: ExplorerColumn[]) => columns.map((column) => column.name).join(', ');

function columnIndex(source: ExplorerSource, name: string): number {
  return source.columns.findIndex((column) => column.name === name);
}

/** sort=["column","ASC"|"DESC"]; absent, rows come in the order they were stored. */
function parseRowSort(raw: string | undefined, source: ExplorerSource): RowsRequest['sort'] {
  const sort = parseJson(raw, 'sort');
  if (sort === undefined) return undefined;
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string' || !/^(ASC|DESC)$/i.test(sort[1])) {
    throw validationError([{ field: 'sort', message: 'sort must be ["column","ASC"] or ["column","DESC"].' }]);
  }
  const index = columnIndex(source, sort[0]);
  if (index === -1) {
    throw validationError([{ field: 'sort', message: sentence('explorer.isNotAColumnOf', { sort: sort[0].slice(0, 50), tableName: source.table.tableName, names: names(source.columns) }) }]);
  }
  return { index, direction: sort[1].toLowerCase() as 'asc' | 'desc' };
}

/**
 * A filter value read as its column's type: text columns match a part of the value, NUMBER
 * columns an equal number and DATE columns one day, so a typo is a 400 naming the column rather
 * than an empty page.
 */
function conditionOf(source: ExplorerSource, name: string, value: unknown): RowCondition {
  const field = `filter.${name.slice(0, 50)}`;
  const index = columnIndex(source, name);
  if (index === -1) throw validationError([{ field, message: sentence('explorer.isNotAColumnOf2', { name: name.slice(0, 50), tableName: source.table.tableName, names: names(source.columns) }) }]);
  const { type } = source.columns[index];
  if (type === 'NUMBER') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) throw validationError([{ field, message: sentence('explorer.isANumberColumnFilter', { name }) }]);
    return { index, kind: 'eq', value: number };
  }
  if (type === 'DATE') {
    if (typeof value !== 'string' || !isCalendarDay(value)) throw validationError([{ field, message: sentence('explorer.isADateColumnFilter', { name }) }]);
    return { index, kind: 'eq', value };
  }
  return { index, kind: 'contains', value: textValue(value, name) };
}

export function parseRowsQuery(query: ListQuerystring, source: ExplorerSource): RowsRequest {
  const sort = parseRowSort(query.sort, source);
  const { offset, limit } = parseRange(query.range);
  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw validationError([{ field: 'filter', message: 'filter must be a JSON object such as {"country":"KR"}.' }]);
  }
  const conditions = Object.entries(filter)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => conditionOf(source, name, value));
  return { sort, offset, limit, conditions };
}
