import { CompiledQuery, sql, type Insertable, type Transaction } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import type { UploadMode } from '../../../src/shared';
import { isSqlite, unhurried, type Db } from '../../db/database';
import type { ActivityLogTable, Database } from '../../db/schema';
import { insertAccess } from '../../audit/access-history';
import { insertActivity } from '../activity/queries';
import { lockedSchemaFingerprint } from '../datasets/queries';
import { STAGED_TABLE } from './staging';
import { sentence } from '../../../src/i18n/serverMessage';

/** Staged rows per INSERT: small enough that each one holds the event loop for a few milliseconds. */
const CHUNK_ROWS = 20_000;
/** The schema name a staging file is attached under during its commit. */
const ATTACHED = 'upload_staging';

const UPSERT = 'on conflict (dataset_id, row_key) do update set upload_id = excluded.upload_id, row_values = excluded.row_values';

export interface CommitJob {
  uploadId: number;
  datasetId: number;
  mode: UploadMode;
  /** The columns the staged rows were checked against (schemaFingerprint); null for uploads checked before it was kept. */
  schemaFingerprint: string | null;
  stagingFile: string;
  adminId: number;
  /** The address the commit was asked from, for the access history. */
  sourceIp?: string;
  /** The activity entry of the commit, as the caller read the data set before it: written with the rows. */
  activity: Insertable<ActivityLogTable>[];
  now: () => string;
  onRows: (written: number) => void;
}

/**
 * Copies one chunk of staged rows (a range of file rows) into dataset_rows; answers the rows
 * written. Within a chunk rows go in key order, so the key index is filled page by page.
 */
type ChunkWriter = (trx: Transaction<Database>, fromRow: number, toRow: number) => Promise<number>;

/**
 * On SQLite the staging file is attached to the server's connection and each chunk is one
 * INSERT … SELECT: the rows never pass through JavaScript. A row whose key is already in the data
 * set replaces it; NULL keys never conflict.
 */
const sqliteChunk =
  (job: CommitJob): ChunkWriter =>
  async (trx, fromRow, toRow) => {
    const result = await trx.executeQuery(
      CompiledQuery.raw(
        `insert into dataset_rows (dataset_id, row_key, upload_id, row_values)
     select ?, row_key, ?, row_values from ${ATTACHED}.${STAGED_TABLE} where row > ? and row <= ? order by row_key ${UPSERT}`,
        [job.datasetId, job.uploadId, fromRow, toRow],
      ),
    );
    return Number(result.numAffectedRows ?? 0);
  };

/**
 * On PostgreSQL each chunk is read from the staging file as one JSON array of [key, values]
 * pairs (built by SQLite) and sent as a single parameter: the statement text never changes.
 */
const postgresChunk = (job: CommitJob, staging: SqliteDatabase.Database): ChunkWriter => {
  const read = staging
    .prepare(`select json_group_array(json_array(row_key, json(row_values))) from (select row_key, row_values from ${STAGED_TABLE} where row > ? and row <= ? order by row_key)`)
    .pluck();
  return async (trx, fromRow, toRow) => {
    const result = await trx.executeQuery(
      CompiledQuery.raw(
        `insert into dataset_rows (dataset_id, row_key, upload_id, row_values)
       select $1::integer, x ->> 0, $2::integer, x ->> 1 from json_array_elements($3::json) as x ${UPSERT}`,
        [job.datasetId, job.uploadId, read.get(fromRow, toRow)],
      ),
    );
    return Number(result.numAffectedRows ?? 0);
  };
};

/**
 * Writes the staged rows in one transaction: all of them and the SUCCESS status, or nothing.
 * SQLite has one writer, so this holds the write lock for the whole commit (docs/decisions.md).
 * The status only becomes SUCCESS if the upload is still COMMITTING: a restart that marked it
 * FAIL meanwhile (another instance) rolls the rows back instead of contradicting the history.
 */
export async function commitRows(db: Db, job: CommitJob): Promise<number> {
  const staging = new SqliteDatabase(job.stagingFile, { readonly: true, fileMustExist: true });
  try {
    const lastRow = Number(staging.prepare(`select coalesce(max(row), 0) from ${STAGED_TABLE}`).pluck().get());
    // A REPLACE of a big dataset deletes and counts more rows than a statement timeout allows.
    if (!isSqlite(db)) return await unhurried(db, (trx) => writeRows(trx, postgresChunk(job, staging), lastRow, job));
    // ATTACH needs the connection outside a transaction; Kysely's SQLite driver has one connection, held here throughout.
    return await db.connection().execute(async (connection) => {
      await sql`attach database ${job.stagingFile} as ${sql.raw(ATTACHED)}`.execute(connection);
      try {
        return await connection.transaction().execute((trx) => writeRows(trx, sqliteChunk(job), lastRow, job));
      } finally {
        await sql.raw(`detach database ${ATTACHED}`).execute(connection);
      }
    });
  } finally {
    staging.close();
  }
}

const datasetRowCount = async (trx: Transaction<Database>, datasetId: number): Promise<number> =>
  Number(
    (
      await trx
        .selectFrom('dataset_rows')
        .select((eb) => eb.fn.countAll().as('rows'))
        .where('dataset_id', '=', datasetId)
        .executeTakeFirstOrThrow()
    ).rows,
  );

async function writeRows(trx: Transaction<Database>, writeChunk: ChunkWriter, lastRow: number, job: CommitJob): Promise<number> {
  // The staged values are in the order of the columns checked: never written under others (the dataset's row stays locked).
  if ((await lockedSchemaFingerprint(trx, job.datasetId)) !== job.schemaFingerprint) throw new Error(sentence('uploads.schemaChanged'));
  let removed = 0;
  if (job.mode === 'REPLACE') removed = Number((await trx.deleteFrom('dataset_rows').where('dataset_id', '=', job.datasetId).executeTakeFirst()).numDeletedRows);
  const before = await datasetRowCount(trx, job.datasetId);
  let written = 0;
  for (let fromRow = 0; fromRow < lastRow; fromRow += CHUNK_ROWS) {
    written += await writeChunk(trx, fromRow, fromRow + CHUNK_ROWS);
    job.onRows(written);
    // better-sqlite3 answers synchronously: yield a turn so other requests (the progress polls) get through.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const now = job.now();
  // An upserted row whose key was already there replaced one instead of adding to the count.
  const after = await datasetRowCount(trx, job.datasetId);
  const added = after - before;
  await trx.updateTable('datasets').set({ row_count: after, updated_at: now, updated_by: job.adminId }).where('id', '=', job.datasetId).execute();
  const done = await trx
    .updateTable('upload_histories')
    .set({
      status: 'SUCCESS',
      reason: null,
      mode: job.mode,
      uploaded_count: written,
      added_count: added,
      replaced_count: written - added,
      removed_count: removed,
      updated_by: job.adminId,
      updated_at: now,
    })
    .where('id', '=', job.uploadId)
    .where('status', '=', 'COMMITTING')
    .returning('file_name')
    .executeTakeFirst();
  if (!done) throw new Error(sentence('uploads.theUploadWasMarkedAs'));
  // The access history's Uploads count: recorded in the commit's transaction, so exactly once per committed upload.
  const { email } = await trx.selectFrom('admins').select('email').where('id', '=', job.adminId).executeTakeFirstOrThrow();
  // Whole sentences, catalogued (src/i18n/server.en.ts), so the access history reads them in Korean too.
  const file = done.file_name;
  const id = job.uploadId;
  const detail =
    job.mode === 'REPLACE'
      ? written === 1
        ? sentence('accessHistory.uploadReplacedOneRow', { id, file })
        : sentence('accessHistory.uploadReplacedRows', { id, rows: written, file })
      : written === 1
        ? sentence('accessHistory.uploadAppendedOneRow', { id, file })
        : sentence('accessHistory.uploadAppendedRows', { id, rows: written, file });
  await insertAccess(trx, now, { email, adminId: job.adminId, eventType: 'UPLOAD', success: true, ip: job.sourceIp ?? null, detail });
  await insertActivity(trx, job.activity);
  return written;
}
