import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { schemaChangeProblem, type Dataset, type DatasetColumn, type DatasetInput, type datasetInput } from '../../../src/shared';
import type { z } from 'zod';
import { msg, type ValidationMessage } from '../../../src/shared/validation-messages';
import { isSqlite, type Db } from '../../db/database';
import { AppError, englishOf } from '../../http/app-error';
import type { CrudStore } from '../../db/store';
import { listPage, type ListRequest } from '../../db/list-page';
import type { FileStore } from '../../files/store';
import { asWritten } from '../../../src/i18n/serverMessage';

const fullName = (alias: 'creator' | 'updater') => sql<string | null>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;

const baseQuery = (db: Db) =>
  db
    .selectFrom('datasets')
    .leftJoin('data_types', 'data_types.code', 'datasets.data_type_code')
    .leftJoin('admins as creator', 'creator.id', 'datasets.created_by')
    .leftJoin('admins as updater', 'updater.id', 'datasets.updated_by');

type DatasetRow = Omit<Dataset, 'schemaInfo' | 'schemaLocked'>;

function selectDataset<Q extends ReturnType<typeof baseQuery>>(query: Q) {
  return query.select([
    'datasets.id',
    'datasets.title',
    'datasets.data_type_code as dataType',
    'data_types.name as dataTypeName',
    'datasets.description',
    'datasets.row_count as rowCount',
    fullName('creator').as('createdBy'),
    'datasets.created_at as createdAt',
    fullName('updater').as('updatedBy'),
    'datasets.updated_at as updatedAt',
  ]);
}

export async function datasetColumns(db: Db, datasetIds: number[]): Promise<Map<number, DatasetColumn[]>> {
  const byDataset = new Map<number, DatasetColumn[]>(datasetIds.map((id) => [id, []]));
  if (datasetIds.length === 0) return byDataset;
  const rows = await db.selectFrom('dataset_columns').selectAll().where('dataset_id', 'in', datasetIds).orderBy('dataset_id').orderBy('sort_no').execute();
  for (const row of rows) {
    byDataset.get(row.dataset_id)!.push({ colName: row.col_name, colType: row.col_type as DatasetColumn['colType'], required: row.required_flag === 'Y', key: row.key_flag === 'Y' });
  }
  return byDataset;
}

async function complete(db: Db, rows: DatasetRow[]): Promise<Dataset[]> {
  const ids = rows.map((row) => row.id);
  const columns = await datasetColumns(db, ids);
  return rows.map(({ rowCount, ...row }) => ({ ...row, schemaInfo: columns.get(row.id) ?? [], rowCount: Number(rowCount), schemaLocked: Number(rowCount) > 0 }));
}

async function listDatasets(db: Db, request: ListRequest) {
  const page = await listPage(baseQuery(db), request, (query) => selectDataset(query), 'datasets.id', { db });
  return { ...page, list: await complete(db, page.list as DatasetRow[]) };
}

export async function findDataset(db: Db, id: number): Promise<Dataset | undefined> {
  const row = await selectDataset(baseQuery(db)).where('datasets.id', '=', id).executeTakeFirst();
  return row ? (await complete(db, [row as DatasetRow]))[0] : undefined;
}

export function findDatasetByTitle(db: Db, title: string) {
  return db.selectFrom('datasets').select('id').where('title', '=', title).executeTakeFirst();
}

type SavedInput = Omit<DatasetInput, 'schemaInfo'> & { dataType: string; schemaInfo: DatasetColumn[] };

/**
 * Writes a data set and replaces its columns, in one transaction. `guard` runs once an existing
 * data set's row is updated (and so locked on PostgreSQL until the end): it may refuse by throwing.
 */
export function saveDataset(db: Db, input: SavedInput, adminId: number, now: string, id?: number, guard?: (trx: Db) => Promise<void>): Promise<number | undefined> {
  const values = { title: input.title, data_type_code: input.dataType, description: input.description ?? null, updated_by: adminId, updated_at: now };
  return db.transaction().execute(async (trx) => {
    let datasetId = id;
    if (datasetId === undefined) {
      datasetId = (
        await trx
          .insertInto('datasets')
          .values({ ...values, created_by: adminId, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const updated = await trx.updateTable('datasets').set(values).where('id', '=', datasetId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return undefined;
      await guard?.(trx);
      await trx.deleteFrom('dataset_columns').where('dataset_id', '=', datasetId).execute();
    }
    await trx
      .insertInto('dataset_columns')
      .values(
        input.schemaInfo.map((column, index) => ({
          dataset_id: datasetId!,
          sort_no: index + 1,
          col_name: column.colName,
          col_type: column.colType,
          required_flag: column.required ? 'Y' : 'N',
          key_flag: column.key ? 'Y' : 'N',
        })),
      )
      .execute();
    return datasetId;
  });
}

/** The columns in order, as one string: an upload records the ones its file was checked against, and its commit compares them. */
export function schemaFingerprint(columns: DatasetColumn[]): string {
  return createHash('sha256')
    .update(JSON.stringify(columns.map((column) => [column.colName, column.colType, column.required, column.key])))
    .digest('hex');
}

/** The dataset's columns, fingerprinted; inside a transaction on PostgreSQL its row stays locked until the end, so they cannot change under it. */
export async function lockedSchemaFingerprint(trx: Db, datasetId: number): Promise<string> {
  if (!isSqlite(trx)) await trx.selectFrom('datasets').select('id').where('id', '=', datasetId).forUpdate().execute();
  return schemaFingerprint((await datasetColumns(trx, [datasetId])).get(datasetId)!);
}

export function sameSchema(a: DatasetColumn[], b: DatasetColumn[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Storage keys of a data set's uploaded files, to remove from the store after the rows are gone. */
async function deleteDataset(db: Db, id: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const files = await trx.selectFrom('upload_histories').select('storage_key').where('dataset_id', '=', id).execute();
    await trx.deleteFrom('dataset_rows').where('dataset_id', '=', id).execute();
    await trx.deleteFrom('upload_histories').where('dataset_id', '=', id).execute();
    await trx.deleteFrom('dataset_columns').where('dataset_id', '=', id).execute();
    await trx.deleteFrom('datasets').where('id', '=', id).execute();
    return files.map((file) => file.storage_key);
  });
}

/**
 * Why the columns cannot change from `current` to `next`, or undefined: rows are stored in schema
 * order, so while rows or an upload in flight exist, columns may only be added at the end, optional.
 * Read inside the saving transaction, after a commit that raced it has finished.
 */
export async function schemaChangeRefusal(trx: Db, datasetId: number, current: DatasetColumn[], next: DatasetColumn[]): Promise<ValidationMessage | undefined> {
  if (await uploadInFlight(trx, datasetId)) return { message: msg.schemaLocked };
  const { row_count: rows } = await trx.selectFrom('datasets').select('row_count').where('id', '=', datasetId).executeTakeFirstOrThrow();
  return Number(rows) > 0 ? schemaChangeProblem(current, next) : undefined;
}

export async function uploadInFlight(db: Db, datasetId: number): Promise<boolean> {
  const row = await db.selectFrom('upload_histories').select('id').where('dataset_id', '=', datasetId).where('status', 'in', ['PARSING', 'COMMITTING']).executeTakeFirst();
  return row !== undefined;
}

/** The data types a data set can have, by code. */
export function listDataTypes(db: Db) {
  return db.selectFrom('data_types').select(['code', 'name']).orderBy('code').execute();
}

/** Data sets for crudRoutes: each with its columns; a column change is refused in the saving transaction once rows exist. */
export function datasetStore(db: Db, files: Pick<FileStore, 'delete'>): CrudStore<z.output<typeof datasetInput>, Dataset, number> {
  return {
    columns: { dataType: 'data_type_code' },
    table: 'datasets',
    list: (request) => listDatasets(db, request),
    find: (id) => findDataset(db, id),
    insert: async (input, now, { request }) => (await saveDataset(db, input, request.admin!.id, now))!,
    async update(id, input, now, { request, current }) {
      // Checked in the saving transaction, so a commit finishing meanwhile is seen; a READY upload's commit compares the columns itself.
      const schemaGuard =
        !current || sameSchema(current.schemaInfo, input.schemaInfo)
          ? undefined
          : async (trx: Db) => {
              const problem = await schemaChangeRefusal(trx, id, current.schemaInfo, input.schemaInfo);
              if (problem) throw new AppError('CONFLICT', asWritten(englishOf(problem)), { errors: [{ field: 'schemaInfo', ...problem }] });
            };
      return (await saveDataset(db, input, request.admin!.id, now, id, schemaGuard)) !== undefined;
    },
    async remove(_dataset, id) {
      const storageKeys = await deleteDataset(db, id);
      // Files go after the rows: a failure here leaves an orphan file, never a history row without its file.
      await Promise.all(storageKeys.map((key) => files.delete(key)));
    },
  };
}
