import { EXPLORER_TABLE_ID, type ExplorerTable, type ExplorerTableDetail, type ListPage } from '../../../src/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { CrudStore } from '../../db/store';
import type { ListRequest } from '../../db/list-page';
import { readableSchemas } from './access';
import { datasetTables, findDatasetSource, findMasterSource, masterTables, type ExplorerSource } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

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
  const source = await existingSource(db, id);
  await refuseUnreadable(db, caller, source.table.schema);
  return source;
}

/** A table by its id (`dataset-7`, `master-2`), whoever asks; its own 404 where there is none. */
async function existingSource(db: Db, id: string): Promise<ExplorerSource> {
  const [, schema, number] = EXPLORER_TABLE_ID.exec(id)!;
  const source = schema === 'dataset' ? await findDatasetSource(db, Number(number)) : await findMasterSource(db, Number(number));
  if (!source) throw new AppError('NOT_FOUND', sentence('explorer.noSuchTable'));
  return source;
}

/** The 403 of a table of data the caller may not read, saying who may. */
export async function refuseUnreadable(db: Db, caller: Caller, schema: ExplorerTable['schema']): Promise<void> {
  if (!(await readableSchemas(db, caller)).has(schema)) {
    throw new AppError('FORBIDDEN', schema === 'dataset' ? sentence('explorer.onlyUploadersAndAdministratorsCan') : sentence('explorer.onlyCollectDataAdministratorsCan'));
  }
}

/**
 * The declaration's records (src/shared/resources/explorer.ts): the tables the caller may read,
 * filtered and sorted in memory by their own fields (tables are few), and one with its columns.
 */
export const explorerTables = (db: Db): CrudStore<unknown, ExplorerTableDetail, string> => ({
  // No SQL columns: the in-memory filter and sort read each field by its own name.
  columns: { tableName: 'tableName', dataType: 'dataType', rowCount: 'rowCount' },
  list: async (request, caller) => pageOfTables(await readableTables(db, caller.admin!), request),
  // Any caller's table: who may read it is the binding's scope (refuseUnreadable).
  async find(id) {
    const source = await existingSource(db, id);
    return { ...source.table, columns: source.columns };
  },
});
