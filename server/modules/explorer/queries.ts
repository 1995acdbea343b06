import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ExplorerColumn, ExplorerColumnType, ExplorerSchema, ExplorerTable } from '../../../src/shared';
import { isSqlite, type Db } from '../../db/database';
import { containsPattern, containsText } from '../../db/contains-text';
import { datasetColumns } from '../datasets/queries';
import { rowStream } from './row-stream';

/** Columns every master table has before its fields: where and when the rows were collected for. */
export const MASTER_FIXED_COLUMNS: ExplorerColumn[] = [
  { name: 'advertiser_code', type: 'STRING' },
  { name: 'period_from', type: 'DATE' },
  { name: 'period_to', type: 'DATE' },
];

/**
 * A table resolved to its rows: which rows of dataset_rows or master_rows are its own, and how
 * each column reads from the row's JSON (dataset values are a JSON array in column order, master
 * values a JSON object keyed by field code).
 */
export interface ExplorerSource {
  table: ExplorerTable;
  columns: ExplorerColumn[];
  datasetId?: number;
  configIds?: number[];
}

/** Every dataset as a table; the row count is the one each commit keeps. */
export async function datasetTables(db: Db): Promise<ExplorerTable[]> {
  const rows = await db.selectFrom('datasets').select(['id', 'title', 'data_type_code', 'row_count']).orderBy('id').execute();
  return rows.map((row) => ({ id: `dataset-${row.id}`, schema: 'dataset', tableName: row.title, dataType: row.data_type_code, rowCount: Number(row.row_count) }));
}

/** The collect configs grouped by metric and data type: one master table each, named by its first config. */
async function masterGroups(db: Db) {
  return db
    .selectFrom('collect_configs')
    .select(['metric_name', 'data_type_code', sql<number>`min(id)`.as('first_id')])
    .groupBy(['metric_name', 'data_type_code'])
    .execute();
}

export async function masterTables(db: Db): Promise<ExplorerTable[]> {
  const [groups, configs, counts] = await Promise.all([
    masterGroups(db),
    db.selectFrom('collect_configs').select(['id', 'metric_name', 'data_type_code']).execute(),
    db
      .selectFrom('master_rows')
      .select(['config_id', sql<number | string>`count(*)`.as('count')])
      .groupBy('config_id')
      .execute(),
  ]);
  const countOf = new Map(counts.map((row) => [row.config_id, Number(row.count)]));
  return groups.map((group) => ({
    id: `master-${group.first_id}`,
    schema: 'master' as ExplorerSchema,
    tableName: group.metric_name,
    dataType: group.data_type_code,
    rowCount: configs.filter((config) => config.metric_name === group.metric_name && config.data_type_code === group.data_type_code).reduce((sum, config) => sum + (countOf.get(config.id) ?? 0), 0),
  }));
}

export async function findDatasetSource(db: Db, datasetId: number): Promise<ExplorerSource | undefined> {
  const dataset = (await datasetTables(db)).find((table) => table.id === `dataset-${datasetId}`);
  if (!dataset) return undefined;
  const columns = (await datasetColumns(db, [datasetId])).get(datasetId) ?? [];
  return { table: dataset, datasetId, columns: columns.map((column) => ({ name: column.colName, type: column.colType })) };
}

/** A master table by the id of its first config; another config of the same metric is not a table id. */
export async function findMasterSource(db: Db, firstConfigId: number): Promise<ExplorerSource | undefined> {
  const first = await db.selectFrom('collect_configs').select(['metric_name', 'data_type_code']).where('id', '=', firstConfigId).executeTakeFirst();
  if (!first) return undefined;
  const configs = await db.selectFrom('collect_configs').select('id').where('metric_name', '=', first.metric_name).where('data_type_code', '=', first.data_type_code).orderBy('id').execute();
  if (configs[0].id !== firstConfigId) return undefined;
  const configIds = configs.map((config) => config.id);
  const table = (await masterTables(db)).find((candidate) => candidate.id === `master-${firstConfigId}`)!;
  const fields = await db.selectFrom('collect_config_fields').select(['code', 'type']).where('config_id', 'in', configIds).orderBy('config_id').orderBy('sort_no').execute();
  const columns = [...MASTER_FIXED_COLUMNS];
  // Configs of one metric usually share their fields; a code seen twice keeps its first type.
  for (const field of fields) {
    if (!columns.some((column) => column.name === field.code)) columns.push({ name: field.code, type: field.type as ExplorerColumnType });
  }
  return { table, configIds, columns };
}

/** How one column reads in SQL, typed for sorting and comparing (a NUMBER as a number on both engines). */
export function columnExpression(db: Db, source: ExplorerSource, index: number): RawBuilder<unknown> {
  const column = source.columns[index];
  if (source.datasetId !== undefined) {
    // Dataset values are JSON strings, a NUMBER column's checked as a plain decimal on upload (uploads/numbers.ts): cast to compare as numbers.
    if (isSqlite(db)) {
      const value = sql`json_extract(dataset_rows.row_values, ${`$[${index}]`})`;
      return column.type === 'NUMBER' ? sql`cast(${value} as numeric)` : value;
    }
    const text = sql`(dataset_rows.row_values::jsonb ->> ${sql.lit(index)})`;
    return column.type === 'NUMBER' ? sql`(${text})::numeric` : text;
  }
  if (index < MASTER_FIXED_COLUMNS.length) return sql.ref(`master_rows.${column.name}`);
  if (isSqlite(db)) return sql`json_extract(master_rows.row_data, ${`$."${column.name}"`})`;
  const text = sql`(master_rows.row_data::jsonb ->> ${column.name}::text)`;
  return column.type === 'NUMBER' ? sql`(${text})::numeric` : text;
}

/** The order a table's rows are stored in, which breaks ties of every sort so pages never overlap. */
function storedOrder(db: Db, source: ExplorerSource): RawBuilder<unknown> {
  if (source.datasetId === undefined) return sql.ref('master_rows.id');
  return isSqlite(db) ? sql`dataset_rows.rowid` : sql`dataset_rows.ctid`;
}

function ownRows(source: ExplorerSource): Expression<SqlBool> {
  return source.datasetId !== undefined ? sql<SqlBool>`dataset_rows.dataset_id = ${source.datasetId}` : sql<SqlBool>`master_rows.config_id in (${sql.join(source.configIds!)})`;
}

export interface RowCondition {
  index: number;
  kind: 'contains' | 'eq';
  value: string | number;
}

export interface RowsRequest {
  sort?: { index: number; direction: 'asc' | 'desc' };
  offset: number;
  limit: number;
  conditions: RowCondition[];
}

function whereOf(db: Db, source: ExplorerSource, conditions: RowCondition[]): Expression<SqlBool> {
  const parts = [ownRows(source)];
  for (const { index, kind, value } of conditions) {
    const expression = columnExpression(db, source, index);
    parts.push(kind === 'contains' ? containsText(expression, containsPattern(String(value))) : sql<SqlBool>`${expression} = ${value}`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

const tableOf = (source: ExplorerSource) => (source.datasetId !== undefined ? 'dataset_rows' : 'master_rows');

type StoredRow = { json: string; advertiser_code?: string; period_from?: string; period_to?: string };

/** The rows in the request's sort and filter, every one (no limit): a page adds its own limit and offset. */
function rowsQuery(db: Db, source: ExplorerSource, request: Omit<RowsRequest, 'offset' | 'limit'>) {
  const order = request.sort
    ? sql`${columnExpression(db, source, request.sort.index)} ${sql.raw(request.sort.direction)}, ${storedOrder(db, source)} ${sql.raw(request.sort.direction)}`
    : storedOrder(db, source);
  const selected =
    source.datasetId !== undefined ? sql`dataset_rows.row_values as json` : sql`master_rows.advertiser_code, master_rows.period_from, master_rows.period_to, master_rows.row_data as json`;
  return sql`select ${selected} from ${sql.table(tableOf(source))} where ${whereOf(db, source, request.conditions)} order by ${order}`;
}

/** One page of a table's rows, as values in column order (read from the row's JSON in JavaScript, the same on both engines). */
export async function pageOfRows(db: Db, source: ExplorerSource, request: RowsRequest): Promise<(string | number | null)[][]> {
  const { rows } = await sql<StoredRow>`${rowsQuery(db, source, request)} limit ${sql.lit(request.limit)} offset ${request.offset}`.execute(db);
  return rows.map((row) => cellsOf(source, row));
}

/**
 * Every row of a table in the request's sort and filter, batch after batch of at most `batch`,
 * from one query read as it goes (rowStream): the rows are sorted once and never held all at once.
 */
export async function* everyRow(db: Db, source: ExplorerSource, request: Omit<RowsRequest, 'offset' | 'limit'>, batch: number): AsyncGenerator<(string | number | null)[][]> {
  for await (const rows of rowStream<StoredRow>(db, rowsQuery(db, source, request).compile(db), batch)) yield rows.map((row) => cellsOf(source, row));
}

function cellsOf(source: ExplorerSource, row: StoredRow): (string | number | null)[] {
  const values: unknown = JSON.parse(row.json);
  if (source.datasetId !== undefined) return source.columns.map((_, index) => ((values as unknown[])[index] ?? null) as string | null);
  const fields = values as Record<string, string | number | null>;
  return source.columns.map((column, index) => {
    if (index < MASTER_FIXED_COLUMNS.length) return row[column.name as 'advertiser_code'] ?? null;
    return Object.hasOwn(fields, column.name) ? fields[column.name] : null;
  });
}

/** How many rows match; unfiltered, the table's own count (a dataset's is kept by each commit). */
export async function countRows(db: Db, source: ExplorerSource, conditions: RowCondition[]): Promise<number> {
  if (conditions.length === 0) return source.table.rowCount;
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(tableOf(source))} where ${whereOf(db, source, conditions)}`.execute(db);
  return Number(rows[0].count);
}
