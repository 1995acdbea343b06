import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { UploadMode } from '../../../src/shared';
import { isSqlite, type Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** Rows per INSERT; each batch is one JSON parameter, so the statement text never changes. */
const BATCH_ROWS = 2000;

/**
 * One upsert for a batch of rows sent as a single JSON array of [key, values] pairs: the same
 * short statement for every batch (no 8,000-placeholder statement to prepare each time, whose
 * native memory the garbage collector does not see). A row whose key is already in the data
 * set replaces it; NULL keys never conflict.
 */
function upsertText(sqlite: boolean): string {
  const source = sqlite
    ? `select ?, value ->> 0, ?, value -> 1 from json_each(?)`
    : `select $1::integer, x ->> 0, $2::integer, (x -> 1)::text from json_array_elements($3::json) as x`;
  return `insert into dataset_rows (dataset_id, row_key, upload_id, row_values) ${source} where true on conflict (dataset_id, row_key) do update set upload_id = excluded.upload_id, row_values = excluded.row_values`;
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
  const statement = upsertText(isSqlite(db));
  return db.transaction().execute(async (trx) => {
    if (job.mode === 'REPLACE') await trx.deleteFrom('dataset_rows').where('dataset_id', '=', job.datasetId).execute();
    let batch: string[] = [];
    let written = 0;
    const flush = async () => {
      // Staged lines are already `[key, [values]]` JSON: the batch is built by concatenation, not re-encoding.
      await insertBatch(trx, statement, [job.datasetId, job.uploadId, `[${batch.join(',')}]`]);
      written += batch.length;
      batch = [];
      job.onRows(written);
    };
    const lines = createInterface({ input: createReadStream(job.stagingFile, { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
    for await (const line of lines) {
      batch.push(line);
      if (batch.length === BATCH_ROWS) await flush();
    }
    if (batch.length) await flush();
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
