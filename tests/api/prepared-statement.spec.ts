// Hot-path statements built once and run with each call's values (server/db/prepared-statement.ts),
// on the test database of the run: SQLite's direct path and Kysely's executor behind it, or PostgreSQL.
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detached, sharedTransaction, sqliteHandleOf } from '../../server/db/database';
import { preparedStatement } from '../../server/db/prepared-statement';
import { FALLBACK_CHECKPOINT_PAGES } from '../../server/db/wal-checkpoints';
import { writeCounterOf } from '../../server/db/write-counter';
import { withTestApp, type TestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

interface Values {
  domain: string;
  now: string;
}
const insert = preparedStatement<Values, { id: number; domain: string; createdAt: string; updatedAt: string }>((db, value) =>
  db
    .insertInto('domains')
    .values({ domain: value('domain'), description: 'prepared', active_flag: 'Y', created_at: value('now'), updated_at: value('now') })
    .returning(['id', 'domain', 'created_at as createdAt', 'updated_at as updatedAt']),
);
const rename = preparedStatement<{ id: number; domain: string }, never>((db, value) =>
  db
    .updateTable('domains')
    .set({ domain: value('domain') })
    .where('id', '=', value('id')),
);
const now = '2026-11-27T10:00:00.000Z';
const stored = async (domain: string) => t.db.selectFrom('domains').select(['domain', 'description']).where('domain', '=', domain).executeTakeFirst();

describe('prepared statements', () => {
  it('binds each call its own values, a value named twice in both places, and keeps the literal ones', async () => {
    const first = await insert.first(t.db, { domain: 'one.prepared.test', now });
    const second = await insert.first(t.db, { domain: 'two.prepared.test', now: '2026-11-27T11:00:00.000Z' });
    expect(first).toMatchObject({ domain: 'one.prepared.test', createdAt: now, updatedAt: now });
    expect(second).toMatchObject({ domain: 'two.prepared.test', createdAt: '2026-11-27T11:00:00.000Z', updatedAt: '2026-11-27T11:00:00.000Z' });
    expect(second!.id).toBeGreaterThan(first!.id);
    expect(await stored('two.prepared.test')).toEqual({ domain: 'two.prepared.test', description: 'prepared' });

    // A statement without `returning` runs too, and answers no rows.
    expect(await rename.all(t.db, { id: second!.id, domain: 'renamed.prepared.test' })).toEqual([]);
    expect(await stored('renamed.prepared.test')).toBeDefined();
  });

  // SQLite checkpoints its WAL only when a statement's step reaches its end: a statement left
  // mid-step holds a reader on the WAL, and then neither the checkpoint thread nor a commit can start it afresh.
  it.skipIf(!!process.env.TEST_DATABASE_URL)('keeps the SQLite WAL from growing with the rows it inserts, and holds no reader on it', async () => {
    const wal = () => statSync(`${t.config.sqlitePath}-wal`).size;
    const limit = FALLBACK_CHECKPOINT_PAGES * 4096;
    // Each insert appends three or more 4 KiB pages: without checkpoints the WAL would reach twice the limit.
    const inserts = Math.ceil((2 * FALLBACK_CHECKPOINT_PAGES) / 3);
    for (let n = 0; n < inserts; n++) await insert.first(t.db, { domain: `wal${n}.prepared.test`, now });
    // Under load the WAL passes the limit by what is written while the checkpoint thread copies it
    // (1.3× seen on a busy CI machine); it never reaches what an unchecked WAL holds.
    expect(wal()).toBeLessThan(limit * 2);
    // The sure sign: nothing on the server's connection still reads the WAL, so it can be emptied.
    const connection = sqliteHandleOf(t.db)!.connection;
    await expect.poll(() => (connection.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0].busy, { timeout: 5000 }).toBe(0);
    expect(wal()).toBe(0);
  });

  it('refuses a call that leaves a value out, writing nothing', async () => {
    await expect(insert.first(t.db, { domain: 'missing.prepared.test' } as Values)).rejects.toThrow('no value for "now"');
    expect(await stored('missing.prepared.test')).toBeUndefined();
  });

  it('moves the write counter, so a cached list count is not reused after the write', async () => {
    const counter = writeCounterOf(t.db)!;
    const before = counter.version(['domains']);
    await insert.first(t.db, { domain: 'counted.prepared.test', now });
    expect(counter.version(['domains'])).toBeGreaterThan(before);
    const unrelated = counter.version(['projects']);
    await insert.first(t.db, { domain: 'counted-again.prepared.test', now });
    expect(counter.version(['projects'])).toBe(unrelated);
  });

  it('run on a transaction, it is part of it; run meanwhile on the database, it is not', async () => {
    let outside: Promise<unknown> | undefined;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await insert.first(trx, { domain: 'inside.prepared.test', now });
        // Another request's write while this transaction is open (on SQLite, on its one connection).
        outside = insert.first(t.db, { domain: 'outside.prepared.test', now });
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    expect(await stored('inside.prepared.test')).toBeUndefined();
    expect(await stored('outside.prepared.test')).toBeDefined();
  });

  it('run in a sharedTransaction, through the database or the transaction, it is part of it; run meanwhile by another call, it is not', async () => {
    let outside: Promise<unknown> | undefined;
    await expect(
      sharedTransaction(t.db, async (trx) => {
        await insert.first(trx, { domain: 'shared-trx.prepared.test', now });
        // On SQLite both run straight on the transaction's connection (sqliteHandleIn), not through Kysely's executor.
        await insert.first(t.db, { domain: 'shared-db.prepared.test', now });
        expect(await rename.all(t.db, { id: (await insert.first(t.db, { domain: 'shared-renamed.prepared.test', now }))!.id, domain: 'shared-renamed-2.prepared.test' })).toEqual([]);
        // Another call's write while this transaction is open: it waits for the connection and is its own commit.
        outside = detached(() => insert.first(t.db, { domain: 'shared-outside.prepared.test', now }));
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    for (const domain of ['shared-trx', 'shared-db', 'shared-renamed', 'shared-renamed-2']) expect(await stored(`${domain}.prepared.test`)).toBeUndefined();
    expect(await stored('shared-outside.prepared.test')).toBeDefined();
  });

  it('runs many rows in one transaction: all of them, or none when one fails', async () => {
    await insert.many(t.db, [
      { domain: 'many-a.prepared.test', now },
      { domain: 'many-b.prepared.test', now },
    ]);
    expect(await stored('many-a.prepared.test')).toBeDefined();
    expect(await stored('many-b.prepared.test')).toBeDefined();

    await expect(
      insert.many(t.db, [
        { domain: 'many-c.prepared.test', now },
        { domain: 'many-a.prepared.test', now },
      ]),
    ).rejects.toThrow();
    expect(await stored('many-c.prepared.test')).toBeUndefined();
  });
});
