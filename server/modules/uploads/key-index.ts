import SqliteDatabase from 'better-sqlite3';

/** Page cache of the key index, in KiB: all the memory it takes, whatever the file's size. */
const CACHE_KIB = 16384;

/**
 * The keys seen so far in a file, each with the row that first held it, in a private temporary
 * SQLite database on disk that is deleted when closed: exact (no hashes that could collide), and
 * its memory is a small page cache where an in-memory index grows with the file (~24 bytes a row
 * in typed arrays, ~100 in a Map). It is not the server's database, so it takes no write lock.
 */
export class KeyIndex {
  // An empty file name opens an anonymous on-disk database (SQLite's "temporary database").
  private readonly db = new SqliteDatabase('');
  private readonly claim;
  private readonly first;

  constructor() {
    this.db.pragma(`cache_size = -${CACHE_KIB}`);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec('create table file_keys (row_key text primary key, row integer not null) without rowid');
    this.claim = this.db.prepare('insert into file_keys (row_key, row) values (?, ?) on conflict do nothing');
    this.first = this.db.prepare('select row from file_keys where row_key = ?').pluck();
    // One transaction for the whole file: nothing is ever committed, closing throws it away.
    this.db.exec('begin');
  }

  /** The row that first held `key`, or undefined after recording `row` as its first. */
  firstRowOf(key: string, row: number): number | undefined {
    if (this.claim.run(key, row).changes === 1) return undefined;
    return this.first.get(key) as number;
  }

  close(): void {
    this.db.close();
  }
}
