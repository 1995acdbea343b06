import { createReadStream } from 'node:fs';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { UploadMode } from '../../../src/shared';
import { isSqlite, type Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** Staged text per INSERT (~2,000 rows of 12 columns); each batch is one JSON parameter, so the statement text never changes. */
const BATCH_BYTES = 256 * 1024;

/** Rows in a run of staged lines (one more than its newlines: the last line has none). */
function countLines(lines: string): number {
  let count = 1;
  for (let index = lines.indexOf('\n'); index >= 0; index = lines.indexOf('\n', index + 1)) count += 1;
  return count;
}

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
  const sqlite = isSqlite(db);
  const statement = upsertText(sqlite);
  return db.transaction().execute((trx) => (sqlite ? withCommitCache(trx, () => writeRows(trx, statement, job)) : writeRows(trx, statement, job)));
}

/** SQLite page cache while a commit runs, in KiB (the server keeps 64 MiB for its lookups). */
const COMMIT_CACHE_KIB = 16 * 1024;

/**
 * A commit writes each page once and spills dirty pages to the WAL when the cache is full, so a
 * large cache only holds pages it will not read again: it would add the server's whole 64 MiB
 * cache to an upload's peak memory. Kysely's SQLite driver has one connection, held by the
 * transaction, so set and restored inside it the setting applies to the commit alone.
 */
async function withCommitCache<T>(trx: Transaction<Database>, run: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(trx);
  const previous = Number(rows[0].cache_size);
  await sql.raw(`pragma cache_size = -${COMMIT_CACHE_KIB}`).execute(trx);
  try {
    return await run();
  } finally {
    await sql.raw(`pragma cache_size = ${previous}`).execute(trx);
  }
}

async function writeRows(trx: Transaction<Database>, statement: string, job: CommitJob): Promise<number> {
  if (job.mode === 'REPLACE') await trx.deleteFrom('dataset_rows').where('dataset_id', '=', job.datasetId).execute();
  let written = 0;
  // Staged lines are already `[key, [values]]` JSON without raw newlines, so a chunk of whole
  // lines becomes one batch's JSON array by swapping its newlines for commas: no per-row strings.
  let rest = '';
  for await (const text of createReadStream(job.stagingFile, { encoding: 'utf8', highWaterMark: BATCH_BYTES }) as AsyncIterable<string>) {
    const end = text.lastIndexOf('\n');
    if (end < 0) {
      rest += text;
      continue;
    }
    const lines = rest + text.slice(0, end);
    rest = text.slice(end + 1);
    if (!lines) continue;
    await insertBatch(trx, statement, [job.datasetId, job.uploadId, `[${lines.replaceAll('\n', ',')}]`]);
    written += countLines(lines);
    job.onRows(written);
  }
  if (rest) throw new Error('The staged rows end in a cut-off line.');
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
}
