import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';

// The SQLite statement cache must be invisible: same answers after a schema change, and a
// statement left by a stream is usable again.
describe('SQLite prepared statements are reused safely', () => {
  let dir: string;
  let db: Kysely<any>;
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const open = () => {
    dir = mkdtempSync(join(tmpdir(), 'statements-'));
    db = openDatabase({ sqlitePath: join(dir, 'db.sqlite') }) as unknown as Kysely<any>;
  };

  it('sees a column added after the statement was first run', async () => {
    open();
    await sql`create table things (id integer primary key, name text)`.execute(db);
    await db.insertInto('things').values({ id: 1, name: 'one' }).execute();
    expect(await db.selectFrom('things').selectAll().execute()).toEqual([{ id: 1, name: 'one' }]);
    await sql`alter table things add column colour text`.execute(db);
    expect(await db.selectFrom('things').selectAll().execute()).toEqual([{ id: 1, name: 'one', colour: null }]);
  });

  it('runs a statement again after a stream of it was left early', async () => {
    open();
    await sql`create table things (id integer primary key)`.execute(db);
    await db
      .insertInto('things')
      .values([{ id: 1 }, { id: 2 }, { id: 3 }])
      .execute();
    for await (const row of db.selectFrom('things').select('id').orderBy('id').stream()) {
      expect(row.id).toBe(1);
      break;
    }
    expect(await db.selectFrom('things').select('id').orderBy('id').execute()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});
