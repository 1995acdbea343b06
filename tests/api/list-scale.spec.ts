import { beforeAll, describe, expect, it } from 'vitest';
import { EXACT_UP_TO } from '../../server/db/list-count';
import { accountsByRank, type TestApp, withTestApp } from './harness';

let t: TestApp;
let admin: string;

withTestApp((app) => (t = app));
beforeAll(async () => {
  admin = (await accountsByRank(t))['system-admin'].token;
});

const event = (n: number, occurredAt: string, eventType = 'DASHBOARD_VIEW') => ({
  admin_id: null,
  email: `scale${n}@example.com`,
  event_type: eventType,
  success_flag: 'Y',
  source_ip: '10.0.0.1',
  detail: null,
  occurred_at: occurredAt,
});

async function page(query: Record<string, unknown>) {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
  return t.call('GET', `/api/access-history?${params}`, { token: admin });
}

describe('keyset paging', () => {
  it('pages forward by nextCursor through ties in the sort, exactly as by offset, and ends with null', async () => {
    // Seven rows share one instant: the cursor's id breaks the tie.
    await t.db
      .insertInto('access_history')
      .values(Array.from({ length: 23 }, (_, n) => event(n, n < 7 ? '2020-01-01T00:00:00.000Z' : `2020-01-0${1 + (n % 5)}T01:00:00.000Z`, 'EXPORT')))
      .execute();
    const filter = { eventType: 'EXPORT' };
    const byOffset = await Promise.all([0, 10, 20].map((first) => page({ filter, range: [first, first + 9] })));
    const pages = [byOffset[0]];
    for (const n of [1, 2]) pages.push(await page({ filter, range: [n * 10, n * 10 + 9], after: pages[n - 1].body.data.nextCursor }));
    expect(pages.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(pages.map((reply) => reply.body.data.list.map((row: { id: number }) => row.id))).toEqual(byOffset.map((reply) => reply.body.data.list.map((row: { id: number }) => row.id)));
    expect(pages.map((reply) => reply.body.data.list.length)).toEqual([10, 10, 3]);
    expect(pages[2].body.data.nextCursor).toBeNull();
    expect(pages.map((reply) => reply.body.data.currentPage)).toEqual([1, 2, 3]);
  });

  it('refuses a cursor of another sort, a made-up one, and one on a list that has none', async () => {
    const first = await page({ filter: { eventType: 'EXPORT' }, range: [0, 9] });
    const otherSort = await page({ sort: ['occurredAt', 'ASC'], after: first.body.data.nextCursor });
    const madeUp = await page({ after: Buffer.from('["occurredAt","desc",{"x":1},1]').toString('base64url') });
    const noKeyset = await t.call('GET', `/api/domains?after=${first.body.data.nextCursor}`, { token: admin });
    for (const reply of [otherSort, madeUp, noKeyset]) {
      expect([reply.status, reply.body.data.errors[0].field]).toEqual([400, 'after']);
    }
  });
});

describe('counts of large lists', () => {
  it('counts exactly up to the bound; above it answers a recent count marked as an estimate, while a narrow filter stays exact', async () => {
    await t.db.deleteFrom('access_history').execute();
    const rows = Array.from({ length: EXACT_UP_TO }, (_, n) => event(n, '2021-06-01T00:00:00.000Z'));
    for (let from = 0; from < rows.length; from += 500)
      await t.db
        .insertInto('access_history')
        .values(rows.slice(from, from + 500))
        .execute();
    const exact = await page({});
    expect([exact.body.data.totalCount, exact.body.data.totalIsEstimate]).toEqual([EXACT_UP_TO, undefined]);

    await t.db
      .insertInto('access_history')
      .values(event(-1, '2021-06-02T00:00:00.000Z', 'UPLOAD'))
      .execute();
    const large = await page({});
    expect([large.body.data.totalCount, large.body.data.totalIsEstimate]).toEqual([EXACT_UP_TO + 1, true]);

    // Within the estimate's lifetime the large count is not taken again; a small filtered list still is.
    await t.db
      .insertInto('access_history')
      .values(event(-2, '2021-06-03T00:00:00.000Z', 'UPLOAD'))
      .execute();
    expect((await page({})).body.data).toMatchObject({ totalCount: EXACT_UP_TO + 1, totalIsEstimate: true });
    const narrow = await page({ filter: { eventType: 'UPLOAD' } });
    expect([narrow.body.data.totalCount, narrow.body.data.totalIsEstimate]).toEqual([2, undefined]);
  });
});

describe('counts of small lists', () => {
  const domain = (name: string) => ({ domain: `${name}.count.example`, description: null, active_flag: 'Y' as const, created_at: '2021-01-01T00:00:00.000Z', updated_at: '2021-01-01T00:00:00.000Z' });
  const total = async () => (await t.call('GET', '/api/domains', { token: admin })).body.data.totalCount as number;

  it('reuses an exact count until a write goes through the same handle, and for at most a second otherwise', async () => {
    const before = await total();
    // A handle without the write counter stands for another instance or the command line.
    await t.db.withoutPlugins().insertInto('domains').values(domain('elsewhere-1')).execute();
    expect(await total()).toBe(before);
    await t.db.insertInto('domains').values(domain('here')).execute();
    expect(await total()).toBe(before + 2);

    await t.db.withoutPlugins().insertInto('domains').values(domain('elsewhere-2')).execute();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await total()).toBe(before + 3);
  });
});
