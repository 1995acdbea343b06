import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sharedTransaction } from '../../server/db/database';
import { withTestApp, type TestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

// PostgreSQL plans an unnamed statement on every call; reads are named so each connection plans them once.
describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared reads on PostgreSQL', () => {
  it('prepares a read once per connection, never a select *, which still sees a column added later', async () => {
    await sql`create table prepared_probe (id integer primary key, name text)`.execute(t.db);
    await sql`insert into prepared_probe (id, name) values (1, 'one')`.execute(t.db);
    await t.db.connection().execute(async (connection) => {
      const db = connection as unknown as typeof t.db;
      const read = () => (db as any).selectFrom('prepared_probe').select(['id', 'name']).where('id', '=', 1).execute();
      expect(await read()).toEqual([{ id: 1, name: 'one' }]);
      expect(await read()).toEqual([{ id: 1, name: 'one' }]);
      expect(await (db as any).selectFrom('prepared_probe').selectAll().execute()).toEqual([{ id: 1, name: 'one' }]);

      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
      const statements = prepared.rows.map((row) => row.statement);
      expect(statements.filter((text) => text.includes('"prepared_probe"') && text.includes('"name"'))).toHaveLength(1);
      expect(statements.some((text) => text.includes('*'))).toBe(false);

      await sql`alter table prepared_probe add column colour text`.execute(db);
      expect(await (db as any).selectFrom('prepared_probe').selectAll().execute()).toEqual([{ id: 1, name: 'one', colour: null }]);
      expect(await read()).toEqual([{ id: 1, name: 'one' }]);
    });
  });

  it("runs the reads a save's transaction starts together one after another, each with its own answer, not in pg's own queue", async () => {
    const warnings: string[] = [];
    const heard = (warning: Error) => warnings.push(warning.message);
    process.on('warning', heard);
    try {
      // A store's reads made through the database inside a save's transaction join its one connection.
      const answers = await sharedTransaction(t.db, () =>
        Promise.all(Array.from({ length: 5 }, (_, n) => sql<{ n: number; waited: string }>`select ${n}::int as n, pg_sleep(0.01)::text as waited`.execute(t.db))),
      );
      expect(answers.map((answer) => answer.rows[0].n)).toEqual([0, 1, 2, 3, 4]);
      // A warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', heard);
    }
  });

  it('plans every call of a named read for its own values, never with a generic plan blind to them', async () => {
    // Every connection of the pool, not only the first: hold several at once.
    const modes = await Promise.all(
      Array.from({ length: 4 }, () => t.db.connection().execute(async (connection) => (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(connection)).rows[0].plan_cache_mode)),
    );
    expect(modes).toEqual(Array(4).fill('force_custom_plan'));
  });
});
