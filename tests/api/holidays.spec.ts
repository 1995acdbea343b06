import { describe, expect, it } from 'vitest';
import { dbSnapshot, type RankAccounts, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const create = (body: unknown, token = admin) => t.call('POST', '/api/holidays', { token, body });
const list = (params: Record<string, unknown>, token = admin) =>
  t.call('GET', `/api/holidays?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([key, value]) => [key, JSON.stringify(value)])))}`, { token });

describe('holidays', () => {
  it('creates, reads, updates and deletes', async () => {
    const created = await create({ date: '2031-05-05', name: 'Holiday one', country: 'KR', activeFlag: 'Y' });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await t.call('GET', `/api/holidays/${id}`, { token: admin })).body.data).toMatchObject({ date: '2031-05-05', name: 'Holiday one', country: 'KR', activeFlag: 'Y' });
    const updated = await t.call('PUT', `/api/holidays/${id}`, { token: admin, body: { date: '2031-05-05', name: 'Holiday renamed', country: 'KR', activeFlag: 'Y' } });
    expect(updated.body.data.name).toBe('Holiday renamed');
    expect((await t.call('DELETE', `/api/holidays/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/holidays/${id}`, { token: admin })).status).toBe(404);
  });

  it('refuses bad input with a field message, saving nothing', async () => {
    const before = await dbSnapshot(t, []);
    const reply = await create({ ...{ date: '2031-05-05', name: 'Holiday bad', country: 'KR', activeFlag: 'Y' }, name: '' });
    expect(reply.status).toBe(400);
    expect(reply.body.data.errors[0].field).toBe('name');
    expect((await create({ ...{ date: '2031-05-05', name: 'Holiday bad', country: 'KR', activeFlag: 'Y' }, unknownField: 1 })).status).toBe(400);
    const unknown = await create({ ...{ date: '2031-05-05', name: 'Holiday bad', country: 'KR', activeFlag: 'Y' }, country: 'ZZ' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.errors[0].field).toBe('country');
    expect((await list({ filter: { q: 'bad' } })).body.data.totalCount).toBe(0);
    expect(await dbSnapshot(t, [])).toEqual(before);
  });

  it('filters by a range of days, both days included', async () => {
    for (const day of ['2031-01-01', '2031-01-02', '2031-01-03']) await create({ ...{ date: '2031-05-05', name: 'Holiday ranged', country: 'KR', activeFlag: 'Y' }, date: day });
    const inRange = await list({ filter: { q: 'ranged', dateFrom: '2031-01-01', dateTo: '2031-01-02' } });
    expect(inRange.body.data.list.map((row: { date: string }) => row.date).sort()).toEqual(['2031-01-01', '2031-01-02']);
    expect((await list({ filter: { dateFrom: '2031-01-03', dateTo: '2031-01-01' } })).status).toBe(400);
  });

  it('is refused to the rank below 1', async () => {
    expect((await list({}, accounts['global-admin'].token)).status).toBe(403);
    expect((await create({ date: '2031-05-05', name: 'Holiday refused', country: 'KR', activeFlag: 'Y' }, accounts['global-admin'].token)).status).toBe(403);
  });
});
