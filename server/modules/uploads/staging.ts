import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/** Page cache of a staging database, in KiB: all the memory staging takes, whatever the file's size. */
const CACHE_KIB = 16 * 1024;

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

  constructor(private readonly path: string) {
    rmSync(path, { force: true });
    this.db = new SqliteDatabase(path);
    this.db.pragma(`cache_size = -${CACHE_KIB}`);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(`create table ${STAGED_TABLE} (row integer primary key, row_key text, row_values text not null)`);
    this.insert = this.db.prepare(`insert into ${STAGED_TABLE} (row, row_key, row_values) values (?, ?, ?)`);
    this.db.exec('begin');
  }

  /** Appends rows given flat: row number, key, values JSON, for each. */
  add(rows: (number | string | null)[]): void {
    for (let index = 0; index < rows.length; index += 3) this.insert.run(rows[index], rows[index + 1], rows[index + 2]);
  }

  /**
   * Every row whose key an earlier row holds, in file order, with that first row: one sort of the
   * keys (SQLite's external sorter, so memory stays flat). Answers the count and the first `limit`.
   */
  duplicates(limit: number): { count: number; listed: DuplicateRow[] } {
    const rows = this.db
      .prepare(
        `select staged.row, firsts.first from ${STAGED_TABLE} staged
           join (select row_key, min(row) first from ${STAGED_TABLE} where row_key is not null group by row_key having count(*) > 1) firsts
             on firsts.row_key = staged.row_key
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
    this.db.exec('commit');
    this.db.close();
  }

  /** Closes and deletes the file. */
  discard(): void {
    if (this.db.open) this.db.close();
    rmSync(this.path, { force: true });
  }
}
