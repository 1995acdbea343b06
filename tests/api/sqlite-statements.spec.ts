import { beforeAll, describe, expect, it } from 'vitest';
import { withDemoData, type TestApp } from './harness';
import { firstRecordId, LIST_FILTERS } from './record-forms';
import { isSqlite, sqliteHandleOf } from '../../server/db/database';

/**
 * SQLite prepares a statement again on every run once a value is bound to its LIMIT or straight to
 * a LIKE (its planner may use the value), so no statement of the server binds one: every list of the
 * OpenAPI document, called for two pages and with a search, and the other searches, run only
 * statements whose LIMIT is written in and whose LIKE pattern comes through a cast.
 */

let t: TestApp;
let token: string;
withDemoData((suite) => ({ t, token } = suite));

let lists: string[];
beforeAll(async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  lists = Object.entries<Record<string, { parameters?: { name: string; in: string }[] }>>(document.paths).flatMap(([path, byMethod]) =>
    byMethod.get?.parameters?.some((parameter) => parameter.name === 'range' && parameter.in === 'query') ? [path] : [],
  );
});

const firstId = (list: string) => firstRecordId(t, token, list);

/** A list's address for a page: a record's list (`/api/terms/{id}/agreements`) under its parent list's first record, with the filter its screen always sends. */
async function pageOf(path: string, range: string, more: Record<string, unknown> = {}): Promise<string> {
  const parent = /^(.*)\/\{id\}\//.exec(path)?.[1];
  const concrete = parent ? path.replace('{id}', await firstId(parent)) : path;
  const filter = { ...(await LIST_FILTERS[path.replace(/^\/api\//, '')]?.(firstId)), ...more };
  return `${concrete}?range=${encodeURIComponent(range)}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

describe.skipIf(process.env.TEST_DATABASE_URL)('SQLite statements', () => {
  it('bind no LIMIT and no LIKE pattern: every list for two pages, every list with a search, and the other searches', async () => {
    expect(isSqlite(t.db)).toBe(true);
    expect(lists.length).toBeGreaterThan(20);
    const connection = sqliteHandleOf(t.db)!.connection;
    const prepared: string[] = [];
    const prepare = connection.prepare.bind(connection);
    connection.prepare = ((text: string) => (prepared.push(text), prepare(text))) as typeof connection.prepare;
    const refused: string[] = [];
    const searched: string[] = [];
    try {
      for (const path of lists) {
        for (const range of ['[0,9]', '[10,19]']) {
          const reply = await t.call('GET', await pageOf(path, range), { token });
          if (reply.status !== 200) refused.push(`${path}: ${JSON.stringify(reply.body)}`);
        }
        // A list without a search refuses `q` (400): every one that has one searches.
        const search = await t.call('GET', await pageOf(path, '[0,9]', { q: 'a' }), { token });
        if (search.status === 200) searched.push(path);
      }
      for (const filter of [{ email: 'ADMIN@' }, { endPoint: '/api/' }]) {
        expect((await t.call('GET', await pageOf('/api/system-logs', '[0,9]', filter), { token })).status).toBe(200);
      }
      const candidates = await t.call('GET', `/api/project-shares/candidates?projectId=${await firstId('/api/projects')}&q=ex`, { token });
      expect(candidates.status, JSON.stringify(candidates.body)).toBe(200);
    } finally {
      connection.prepare = prepare;
    }
    expect(refused).toEqual([]);
    expect(searched.length).toBeGreaterThan(10);
    expect(prepared.length).toBeGreaterThan(lists.length);
    expect(prepared.filter((text) => /\blimit\s+\?/i.test(text))).toEqual([]);
    expect(prepared.filter((text) => /\blike\s+\?/i.test(text))).toEqual([]);
  });
});
