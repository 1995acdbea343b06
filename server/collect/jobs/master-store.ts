import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/database';
import type { Database } from '../../db/schema';
import type { MasterRowText } from './master-mapping';
import { WorkFile } from './work-file';
import { openWorkFolder, type WorkOwner } from './work-folder';

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters at 8 columns. */
export const MASTER_INSERT_BATCH = 1000;

export type MasterRowBase = { config_id: number; task_id: number; data_type_code: string; advertiser_code: string; period_from: string; period_to: string; created_at: string };

/**
 * A run's mastered rows on disk (`key<TAB>json` lines; JSON text never holds a raw tab or newline)
 * between mapping and storing: the source is read and validated before the store transaction
 * opens, so the transaction (which on SQLite holds the server's one connection) never waits on
 * the network, and a row that fails validation anywhere means nothing is written at all. The file
 * lives in the run's work folder (work-folder.ts).
 */
export class MasterSpool {
  rows = 0;
  private constructor(
    private folder: string,
    private file: WorkFile,
  ) {}

  static async open(work: WorkOwner): Promise<MasterSpool> {
    const folder = await openWorkFolder(work);
    return new MasterSpool(folder, await WorkFile.create(join(folder, 'rows.tsv')));
  }

  static line(row: MasterRowText): string {
    return `${row.key ?? ''}\t${row.json}\n`;
  }

  async add(lines: string[]): Promise<void> {
    this.rows += lines.length;
    await this.file.write(lines.join(''));
  }

  async finish(): Promise<void> {
    await this.file.close();
  }

  /** The rows back in batches of MASTER_INSERT_BATCH. */
  async *batches(): AsyncGenerator<MasterRowText[]> {
    let batch: MasterRowText[] = [];
    let rest = '';
    for await (const chunk of createReadStream(join(this.folder, 'rows.tsv'), { encoding: 'utf8', highWaterMark: 1 << 16 })) {
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
    await this.file.discard();
    await rm(this.folder, { recursive: true, force: true });
  }
}

/**
 * Inserts one batch of mastered rows; the caller's transaction makes a run all-or-nothing. A row
 * whose master key is already stored for the period replaces that row's data (duplicates in one
 * run collapse to the last, keeping the first's place).
 *
 * On SQLite the batch is one JSON parameter unpacked by json_each: the statement text never
 * changes, whereas a multi-row VALUES insert prepares a new 9,000-parameter statement per batch
 * whose native memory V8 does not see, so a million-row run grew by hundreds of MiB before a GC.
 * PostgreSQL takes a VALUES insert; repeats inside the batch are collapsed first, since it refuses
 * an upsert that touches a row twice.
 */
export async function insertMasterRows(trx: Kysely<Database>, base: MasterRowBase, rows: MasterRowText[]): Promise<void> {
  if (isSqlite(trx)) {
    await sql`insert into master_rows (config_id, task_id, data_type_code, advertiser_code, period_from, period_to, created_at, row_key, row_data)
      select ${base.config_id}, ${base.task_id}, ${base.data_type_code}, ${base.advertiser_code}, ${base.period_from}, ${base.period_to}, ${base.created_at}, json_extract(value, '$[0]'), json_extract(value, '$[1]')
      from json_each(${JSON.stringify(rows.map((row) => [row.key, row.json]))}) where true
      on conflict (config_id, period_from, period_to, row_key) do update set row_data = excluded.row_data`.execute(trx);
    return;
  }
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
