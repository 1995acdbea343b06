import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { Db } from '../db/database';
import type { MasterRowText } from './master-mapping';

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters at 8 columns. */
export const MASTER_INSERT_BATCH = 1000;

export type MasterRowBase = { config_id: number; task_id: number; data_type_code: string; advertiser_code: string; period_from: string; period_to: string; created_at: string };

/** Writes a chunk, waiting for the stream to drain when its buffer is full (memory stays flat). */
export async function writeChunk(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * A run's mastered rows on disk (`key<TAB>json` lines; JSON text never holds a raw tab or newline)
 * between mapping and storing: the source is read and validated before the store transaction
 * opens, so the transaction (which on SQLite holds the server's one connection) never waits on
 * the network, and a row that fails validation anywhere means nothing is written at all.
 */
export class MasterSpool {
  rows = 0;
  private constructor(private folder: string, private out: Writable) {}

  static async open(): Promise<MasterSpool> {
    const folder = await mkdtemp(join(tmpdir(), 'master-rows-'));
    return new MasterSpool(folder, createWriteStream(join(folder, 'rows.tsv')));
  }

  async add(row: MasterRowText): Promise<void> {
    this.rows++;
    await writeChunk(this.out, `${row.key ?? ''}\t${row.json}\n`);
  }

  async finish(): Promise<void> {
    this.out.end();
    await once(this.out, 'finish');
  }

  /** The rows back in batches of MASTER_INSERT_BATCH. */
  async *batches(): AsyncGenerator<MasterRowText[]> {
    let batch: MasterRowText[] = [];
    let rest = '';
    for await (const chunk of createReadStream(join(this.folder, 'rows.tsv'), { encoding: 'utf8', highWaterMark: 1 << 20 })) {
      const text = rest + (chunk as string);
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        const tab = text.indexOf('\t', start);
        batch.push({ key: tab === start ? null : text.slice(start, tab), json: text.slice(tab + 1, end) });
        start = end + 1;
        if (batch.length === MASTER_INSERT_BATCH) {
          yield batch;
          batch = [];
        }
      }
      rest = text.slice(start);
    }
    if (batch.length) yield batch;
  }

  async remove(): Promise<void> {
    this.out.destroy();
    await rm(this.folder, { recursive: true, force: true });
  }
}

/**
 * Inserts one batch of mastered rows; the caller's transaction makes a run all-or-nothing. A row
 * whose master key is already stored for the period replaces that row's data (duplicates in one
 * run collapse to the last, keeping the first's place); repeats inside the batch are collapsed
 * first, since PostgreSQL refuses an upsert that touches a row twice.
 */
let probe = 0;
export async function insertMasterRows(trx: Pick<Db, 'insertInto'>, base: MasterRowBase, rows: MasterRowText[]): Promise<void> {
  if (process.env.PROBE_GC && ++probe % 20 === 0) (globalThis as any).gc?.();
  const byKey = new Map<string, number>();
  const values: (MasterRowBase & { row_key: string | null; row_data: string })[] = [];
  for (const row of rows) {
    const index = row.key === null ? undefined : byKey.get(row.key);
    if (index !== undefined) values[index].row_data = row.json;
    else {
      if (row.key !== null) byKey.set(row.key, values.length);
      values.push({ ...base, row_key: row.key, row_data: row.json });
    }
  }
  await trx
    .insertInto('master_rows')
    .values(values)
    .onConflict((conflict) => conflict.columns(['config_id', 'period_from', 'period_to', 'row_key']).doUpdateSet((eb) => ({ row_data: eb.ref('excluded.row_data') })))
    .execute();
}
