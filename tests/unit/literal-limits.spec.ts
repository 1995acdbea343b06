import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LiteralLimits } from '../../server/db/literal-limits';

const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }), plugins: [new LiteralLimits()] });

describe('LiteralLimits', () => {
  it('writes a LIMIT into the SQL, in a query and in its subqueries, and leaves every other value bound', () => {
    const page = db.selectFrom('domains').selectAll().where('domain', '=', 'a.example').orderBy('domain').limit(25).offset(50).compile();
    expect(page.sql).toBe('select * from "domains" where "domain" = ? order by "domain" limit 25 offset ?');
    expect(page.parameters).toEqual(['a.example', 50]);

    const prune = db
      .deleteFrom('system_logs')
      .where('id', 'in', (eb: any) => eb.selectFrom('system_logs').select('id').where('request_at', '<', '2026-01-01').limit(5000))
      .compile();
    expect(prune.sql).toBe('delete from "system_logs" where "id" in (select "id" from "system_logs" where "request_at" < ? limit 5000)');
    expect(prune.parameters).toEqual(['2026-01-01']);
  });

  it('leaves a query without a bound LIMIT as it was built, and a LIMIT that is not a whole number bound', () => {
    const save = db.updateTable('domains').set({ description: 'x' }).where('id', '=', 7).compile();
    expect(save.sql).toBe('update "domains" set "description" = ? where "id" = ?');
    const odd = db
      .selectFrom('domains')
      .selectAll()
      .limit(sql<number>`${'25'}`)
      .compile();
    expect(odd.parameters).toEqual(['25']);
    const fractional = db.selectFrom('domains').selectAll().limit(2.5).compile();
    expect(fractional.sql).toBe('select * from "domains" limit ?');
  });
});
