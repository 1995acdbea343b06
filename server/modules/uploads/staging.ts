import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/** Page cache of a staging database, in KiB: appends in rowid order touch only the last pages, so a small one does. */
const CACHE_KIB = 4 * 1024;

/** Where an upload's checked rows wait between preview and commit: a SQLite file of its own. */
export function stagingPath(dataDir: string, uploadId: number): string {
  const folder = join(dataDir, 'uploads', '.staging');
  mkdirSync(folder, { recursive: true });
  return join(folder, `${uploadId}.db`);
}

/** The table of a staging database: file row number (the rowid), key, values as a JSON array. */
export const STAGED_TABLE = 'staged_rows';

/** A row whose key an earlier row of the same file already holds. */
export interface DuplicateRow {
  row: number;
  first: number;
}

/**
 * The checked rows of one file, written as they come (appends in file order, the cheapest write
 * SQLite has) to a database file that is not the server's, so staging takes no write lock and is
 * thrown away by deleting a file. No journal and no fsync: a staging file that did not finish is
 * never committed (start-up deletes it). The commit attaches it and copies the rows (commit.ts).
 */
export class StagedRows {
  private readonly db: SqliteDatabase.Database;
  private readonly insert;
  private readonly insertCandidate;
  private candidateCount = 0;

  constructor(private readonly path: string) {
    rmSync(path, { force: true });
    this.db = new SqliteDatabase(path);
    this.db.pragma(`cache_size = -${CACHE_KIB}`);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(`create table ${STAGED_TABLE} (row integer primary key, row_key text, row_values text not null)`);
    this.db.exec('create table candidate_keys (row_key text primary key) without rowid');
    this.insert = this.db.prepare(`insert into ${STAGED_TABLE} (row, row_key, row_values) values (?, ?, ?)`);
    this.insertCandidate = this.db.prepare('insert into candidate_keys (row_key) values (?) on conflict do nothing');
    this.db.exec('begin');
  }

  /** Appends rows given flat: row number, key, values JSON, for each. */
  add(rows: (number | string | null)[]): void {
    for (let index = 0; index < rows.length; index += 3) this.insert.run(rows[index], rows[index + 1], rows[index + 2]);
  }

  /** Records keys an earlier row may hold (SeenKeys' "maybe seen"). */
  addCandidates(keys: string[]): void {
    for (const key of keys) this.candidateCount += this.insertCandidate.run(key).changes;
  }

  /**
   * Every row whose key an earlier row holds, in file order, with that first row: the candidate
   * keys checked exactly against the staged rows, so a false alarm of the filter is cleared here.
   * Without candidates there are no duplicates. Answers the count and the first `limit`.
   */
  duplicates(limit: number): { count: number; listed: DuplicateRow[] } {
    if (this.candidateCount === 0) return { count: 0, listed: [] };
    const rows = this.db
      .prepare(
        `with firsts as (
           select row_key, min(row) first from ${STAGED_TABLE} where row_key in (select row_key from candidate_keys) group by row_key having count(*) > 1
         )
         select staged.row, firsts.first from ${STAGED_TABLE} staged join firsts on firsts.row_key = staged.row_key
         where staged.row <> firsts.first order by staged.row`,
      )
      .iterate() as IterableIterator<DuplicateRow>;
    let count = 0;
    const listed: DuplicateRow[] = [];
    for (const duplicate of rows) {
      count += 1;
      if (listed.length < limit) listed.push(duplicate);
    }
    return { count, listed };
  }

  /** Writes the staged rows out and closes the file, for the commit to read. */
  finish(): void {
    this.db.exec('drop table candidate_keys');
    this.db.exec('commit');
    this.db.close();
  }

  /** Closes and deletes the file. */
  discard(): void {
    if (this.db.open) this.db.close();
    rmSync(this.path, { force: true });
  }
}
