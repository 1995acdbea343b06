import { beforeAll, describe, expect, it } from 'vitest';
import { dbSnapshot, type RankAccounts, signedInAccount, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
let apacUser: number;
let emeaUser: number;

const at = (day: string, time = '10:00:00.000') => `${day}T${time}Z`;

withRankAccounts((suite) => ({ t, accounts, admin } = suite));
beforeAll(async () => {
  await t.db.insertInto('admin_countries').values({ admin_id: accounts['local-admin'].id, country_code: 'KR' }).execute();
  apacUser = (await signedInAccount(t, 'apac@example.com', 'user')).id;
  emeaUser = (await signedInAccount(t, 'emea@example.com', 'user', { region_code: 'EMEA', office_code: 'GB' })).id;
  const event = (adminId: number | null, email: string, eventType: string, success: boolean, occurredAt: string) => ({
    admin_id: adminId,
    email,
    event_type: eventType,
    success_flag: success ? 'Y' : 'N',
    source_ip: '10.0.0.1',
    detail: null,
    occurred_at: occurredAt,
  });
  await t.db
    .insertInto('access_history')
    .values([
      event(apacUser, 'apac@example.com', 'SIGN_IN', true, at('2024-03-01')),
      event(apacUser, 'apac@example.com', 'SIGN_IN', false, at('2024-03-01', '11:00:00.000')),
      event(apacUser, 'apac@example.com', 'SIGN_IN', true, at('2024-03-03')),
      event(apacUser, 'apac@example.com', 'DASHBOARD_VIEW', true, at('2024-03-02')),
      event(apacUser, 'apac@example.com', 'PROJECT_CREATE', true, at('2024-03-02')),
      event(emeaUser, 'emea@example.com', 'SIGN_IN', true, at('2024-03-02')),
      event(emeaUser, 'emea@example.com', 'UPLOAD', true, at('2024-03-02')),
      event(null, 'nobody@example.com', 'SIGN_IN', false, at('2024-03-02')),
    ])
    .execute();
});

const list = (params: Record<string, unknown>, token: string | undefined = admin) =>
  t.call('GET', `/api/access-history?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))}`, { token });
const march = { from: '2024-03-01', to: '2024-03-03' };

describe('access history list', () => {
  it('lists events newest first with paging, and filters by user, event type, success and date range', async () => {
    const all = await list({ filter: march });
    expect(all.body.data.totalCount).toBe(8);
    expect(all.body.data.list[0]).toMatchObject({
      adminId: apacUser,
      email: 'apac@example.com',
      name: 'user Tester',
      eventType: 'SIGN_IN',
      success: 'Y',
      sourceIp: '10.0.0.1',
      occurredAt: at('2024-03-03'),
    });
    const page = await list({ filter: march, range: [5, 9], sort: ['occurredAt', 'ASC'] });
    expect(page.body.data).toMatchObject({ totalCount: 8, totalPage: 2, currentPage: 2 });
    expect((await list({ filter: { ...march, adminId: apacUser } })).body.data.totalCount).toBe(5);
    expect((await list({ filter: { ...march, eventType: 'SIGN_IN', success: 'N' } })).body.data.totalCount).toBe(2);
    // A day bound covers the whole day.
    expect((await list({ filter: { from: '2024-03-01', to: '2024-03-01' } })).body.data.totalCount).toBe(2);
    expect((await list({ filter: { from: '2024-03-03' } })).body.data.list.every((row: { occurredAt: string }) => row.occurredAt >= '2024-03-03')).toBe(true);
  });

  it('limits a region-admin to their region and a local-admin to their countries; unknown-account rows only for all-users scope', async () => {
    const emails = async (token: string) => new Set((await list({ filter: march, range: [0, 99] }, token)).body.data.list.map((row: { email: string }) => row.email));
    expect(await emails(accounts['global-admin'].token)).toEqual(new Set(['apac@example.com', 'emea@example.com', 'nobody@example.com']));
    expect(await emails(accounts['region-admin'].token)).toEqual(new Set(['apac@example.com']));
    expect(await emails(accounts['local-admin'].token)).toEqual(new Set(['apac@example.com']));
    const stats = await t.call('GET', '/api/access-history/stats?from=2024-03-01&to=2024-03-03', { token: accounts['region-admin'].token });
    expect(stats.body.data).toMatchObject({ totalLoginCount: 2, totalUploadCount: 0 });
  });

  it('refuses ranks 5 and unauthenticated', async () => {
    expect((await list({}, accounts.user.token)).status).toBe(403);
    expect((await t.call('GET', '/api/access-history')).status).toBe(401);
    expect((await t.call('GET', '/api/access-history/stats', { token: accounts.user.token })).status).toBe(403);
    expect((await t.call('GET', '/api/access-history/stats')).status).toBe(401);
  });

  it('answers 400 for an inverted or malformed date range and an unknown sort or filter, changing nothing', async () => {
    const before = await dbSnapshot(t, ['access_history']);
    const inverted = await list({ filter: { from: '2024-03-05', to: '2024-03-01' } });
    expect([inverted.status, inverted.body.data.errors]).toEqual([400, [{ field: 'filter.to', message: 'The end of the date range must not be before its start.' }]]);
    expect((await list({ filter: { from: 'yesterday' } })).body.data.errors[0].field).toBe('filter.from');
    expect((await list({ filter: { from: '2024-02-30x' } })).status).toBe(400);
    // Date.parse would roll an impossible day over to the next month; it is refused instead.
    expect((await list({ filter: { to: '2024-02-30' } })).body.data.errors).toEqual([{ field: 'filter.to', message: 'to must be a real date such as 2024-05-31, or an ISO time.' }]);
    expect((await t.call('GET', '/api/access-history/stats?from=2024-02-30&to=2024-03-01', { token: admin })).body.data.errors[0].field).toBe('from');
    expect((await list({ sort: ['detail', 'ASC'] })).status).toBe(400);
    expect((await list({ filter: { password: 'x' } })).status).toBe(400);
    expect((await list({ filter: { success: 'maybe' } })).status).toBe(400);
    const stats = await t.call('GET', '/api/access-history/stats?from=2024-03-05&to=2024-03-01', { token: admin });
    expect([stats.status, stats.body.result]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await t.call('GET', '/api/access-history/stats?from=2020-01-01&to=2024-01-01', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/access-history/stats?bogus=1', { token: admin })).status).toBe(400);
    expect(await dbSnapshot(t, ['access_history'])).toEqual(before);
  });
});

describe('access stats', () => {
  it('totals each event type (successful sign-ins only) and counts sign-ins per day, every day of the range', async () => {
    const stats = await t.call('GET', '/api/access-history/stats?from=2024-03-01&to=2024-03-04', { token: admin });
    expect(stats.body.data).toEqual({
      from: '2024-03-01T00:00:00.000Z',
      to: '2024-03-04T23:59:59.999Z',
      totalLoginCount: 3,
      totalDashboardViews: 1,
      totalProjectCreateCount: 1,
      totalUploadCount: 1,
      signInsPerDay: [
        { day: '2024-03-01', success: 1, failure: 1 },
        { day: '2024-03-02', success: 1, failure: 1 },
        { day: '2024-03-03', success: 1, failure: 0 },
        { day: '2024-03-04', success: 0, failure: 0 },
      ],
    });
    const one = await t.call('GET', `/api/access-history/stats?from=2024-03-01&to=2024-03-03&adminId=${apacUser}`, { token: admin });
    expect(one.body.data).toMatchObject({ totalLoginCount: 2, totalDashboardViews: 1, totalProjectCreateCount: 1, totalUploadCount: 0 });
  });

  it('defaults to the last 30 days, which include the sign-ins of the test accounts', async () => {
    const stats = await t.call('GET', '/api/access-history/stats', { token: admin });
    expect(stats.body.data.signInsPerDay).toHaveLength(30);
    expect(stats.body.data.totalLoginCount).toBeGreaterThanOrEqual(7);
  });
});
