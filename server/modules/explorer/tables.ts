import { EXPLORER_TABLE_ID, type ExplorerTable, type ListPage } from '../../../src/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { ListRequest, ListSpec } from '../../http/list-query';
import { readableSchemas } from './access';
import { datasetTables, findDatasetSource, findMasterSource, masterTables, type ExplorerSource } from './queries';

/** The table list's parameters; the "columns" are ExplorerTable's own fields, filtered and sorted in memory (tables are few). */
export const tableListSpec: ListSpec = {
  sortable: { schema: 'schema', tableName: 'tableName', dataType: 'dataType', rowCount: 'rowCount' },
  defaultSort: ['tableName', 'ASC'],
  filters: {
    schema: { column: 'schema', kind: 'eq', type: 'text', values: { master: 'master', dataset: 'dataset' } },
    dataType: { column: 'dataType', kind: 'eq', type: 'text' },
    tableName: { column: 'tableName', kind: 'contains', type: 'text' },
  },
  search: ['tableName'],
};

type Caller = { id: number; rank: number };

/** The tables the caller may read: master tables and datasets by the rules in access.ts. */
export async function readableTables(db: Db, caller: Caller): Promise<ExplorerTable[]> {
  const schemas = await readableSchemas(db, caller);
  const [masters, datasets] = await Promise.all([schemas.has('master') ? masterTables(db) : [], schemas.has('dataset') ? datasetTables(db) : []]);
  return [...masters, ...datasets];
}

function matches(table: ExplorerTable, request: ListRequest): boolean {
  const field = (column: string) => String(table[column as keyof ExplorerTable]).toLowerCase();
  const conditionsHold = request.conditions.every(({ column, kind, value }) => {
    const values = (Array.isArray(value) ? value : [value]).map((item) => String(item).toLowerCase());
    return kind === 'contains' ? field(column).includes(values[0]) : values.includes(field(column));
  });
  return conditionsHold && (!request.q || request.searchColumns.some((column) => field(column).includes(request.q!.toLowerCase())));
}

export function pageOfTables(tables: ExplorerTable[], request: ListRequest): ListPage<ExplorerTable> {
  const { column, direction } = request.orderBy;
  const key = column as keyof ExplorerTable;
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: ExplorerTable, b: ExplorerTable) =>
    typeof a[key] === 'number' ? (Number(a[key]) - Number(b[key])) * sign : String(a[key]).localeCompare(String(b[key]), 'en', { numeric: true }) * sign;
  const found = tables.filter((table) => matches(table, request)).sort((a, b) => compare(a, b) || a.id.localeCompare(b.id));
  return {
    list: found.slice(request.offset, request.offset + request.limit),
    totalCount: found.length,
    totalPage: Math.max(1, Math.ceil(found.length / request.limit)),
    currentPage: Math.floor(request.offset / request.limit) + 1,
  };
}

/** A table the caller may read, or the error saying why not: 404 for no such table, 403 for someone else's data. */
export async function readableSource(db: Db, caller: Caller, id: string): Promise<ExplorerSource> {
  const [, schema, number] = EXPLORER_TABLE_ID.exec(id)!;
  const source = schema === 'dataset' ? await findDatasetSource(db, Number(number)) : await findMasterSource(db, Number(number));
  if (!source) throw new AppError('NOT_FOUND', 'No such table.');
  if (!(await readableSchemas(db, caller)).has(source.table.schema)) {
    throw new AppError('FORBIDDEN', schema === 'dataset' ? 'Only uploaders and administrators can read dataset rows.' : 'Only collect-data administrators can read master rows.');
  }
  return source;
}
