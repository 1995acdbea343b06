import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { UploadMode } from '../../../src/shared';
import { isSqlite, type Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** Rows per INSERT: 4 parameters each stays far below both engines' parameter limits. */
const BATCH_ROWS = 500;

/** One multi-row upsert statement for `rows` rows, in the engine's placeholder style. */
function upsertText(sqlite: boolean, rows: number): string {
  let parameter = 0;
  const next = () => (sqlite ? '?' : `$${++parameter}`);
  const tuples = Array.from({ length: rows }, () => `(${next()}, ${next()}, ${next()}, ${next()})`).join(', ');
  // A row whose key is already in the data set replaces it (NULL keys never conflict).
  return `insert into dataset_rows (dataset_id, row_key, upload_id, row_values) values ${tuples} on conflict (dataset_id, row_key) do update set upload_id = excluded.upload_id, row_values = excluded.row_values`;
}

export interface CommitJob {
  uploadId: number;
  datasetId: number;
  mode: UploadMode;
  stagingFile: string;
  adminId: number;
  now: () => string;
  onRows: (written: number) => void;
}

/** better-sqlite3 answers synchronously, so each batch yields a turn of the event loop to let other requests (the progress polls) through. */
async function insertBatch(trx: Transaction<Database>, text: string, parameters: unknown[]): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(text, parameters));
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Writes the staged rows in one transaction: all of them and the SUCCESS status, or nothing.
 * SQLite has one writer, so this holds the write lock for the whole commit (docs/decisions.md).
 * The status only becomes SUCCESS if the upload is still COMMITTING: a restart that marked it
 * FAIL meanwhile (another instance) rolls the rows back instead of contradicting the history.
 */
export async function commitRows(db: Db, job: CommitJob): Promise<number> {
  const sqlite = isSqlite(db);
  const fullBatch = upsertText(sqlite, BATCH_ROWS);
  return db.transaction().execute(async (trx) => {
    if (job.mode === 'REPLACE') await trx.deleteFrom('dataset_rows').where('dataset_id', '=', job.datasetId).execute();
    let parameters: unknown[] = [];
    let written = 0;
    const lines = createInterface({ input: createReadStream(job.stagingFile, { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
    for await (const line of lines) {
      const tab = line.indexOf('\t');
      parameters.push(job.datasetId, JSON.parse(line.slice(0, tab)), job.uploadId, line.slice(tab + 1));
      if (parameters.length === BATCH_ROWS * 4) {
        await insertBatch(trx, fullBatch, parameters);
        written += BATCH_ROWS;
        parameters = [];
        job.onRows(written);
      }
    }
    if (parameters.length) {
      await insertBatch(trx, upsertText(sqlite, parameters.length / 4), parameters);
      written += parameters.length / 4;
      job.onRows(written);
    }
    const now = job.now();
    await trx
      .updateTable('datasets')
      .set({ row_count: sql<number>`(select count(*) from dataset_rows where dataset_id = ${job.datasetId})`, updated_at: now, updated_by: job.adminId })
      .where('id', '=', job.datasetId)
      .execute();
    const done = await trx
      .updateTable('upload_histories')
      .set({ status: 'SUCCESS', reason: null, mode: job.mode, uploaded_count: written, updated_by: job.adminId, updated_at: now })
      .where('id', '=', job.uploadId)
      .where('status', '=', 'COMMITTING')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new Error('The upload was marked as failed while it was being written.');
    return written;
  });
}
