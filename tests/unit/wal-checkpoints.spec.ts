import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';

/** The rows the database file alone holds: what has been copied out of the WAL by a checkpoint. */
function rowsInFileAlone(file: string, copy: string): number {
  copyFileSync(file, copy);
  const alone = new SqliteDatabase(copy, { readonly: true });
  try {
    if (!alone.prepare("select 1 from sqlite_master where name = 'things'").get()) return 0;
    return (alone.prepare('select count(*) as n from things').get() as { n: number }).n;
  } finally {
    alone.close();
  }
}

describe("SQLite's WAL is checkpointed beside the writes, not by them", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies committed rows into the database file within moments, far below the commits’ own threshold, and the close still removes the WAL', async () => {
    dir = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    const file = join(dir, 'db.sqlite');
    const db = openDatabase({ sqlitePath: file }) as unknown as Kysely<any>;
    await sql`create table things (id integer primary key, name text)`.execute(db);
    // Fifty small commits: some 50 WAL pages, far from any threshold at which a commit checkpoints itself.
    for (let n = 0; n < 50; n++)
      await db
        .insertInto('things')
        .values({ name: `thing ${n}` })
        .execute();
    const deadline = Date.now() + 5_000;
    let copied = 0;
    while (Date.now() < deadline && (copied = rowsInFileAlone(file, join(dir, 'copy.sqlite'))) < 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(copied).toBe(50);
    expect(existsSync(`${file}-wal`)).toBe(true);

    await db.destroy();
    // The server's own connection closed last: SQLite checkpointed the rest and removed the WAL.
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(rowsInFileAlone(file, join(dir, 'after.sqlite'))).toBe(50);
  });
});
