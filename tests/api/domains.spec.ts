import { describe, expect, it } from 'vitest';
import { dbSnapshot, type RankAccounts, signUp, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const create = (body: unknown, token = admin) => t.call('POST', '/api/domains', { token, body });

describe('allowed domains', () => {
  it('creates, reads, updates and deletes, storing the domain lower-case', async () => {
    const created = await create({ domain: '  Partner.CO.KR ', description: 'Agency partner' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ domain: 'partner.co.kr', description: 'Agency partner', activeFlag: 'Y' });
    const id = created.body.data.id;
    expect((await t.call('GET', `/api/domains/${id}`, { token: admin })).body.data.domain).toBe('partner.co.kr');
    const updated = await t.call('PUT', `/api/domains/${id}`, { token: admin, body: { domain: 'partner.co.kr', description: 'Renamed', activeFlag: 'N' } });
    expect(updated.body.data).toMatchObject({ description: 'Renamed', activeFlag: 'N' });
    const deleted = await t.call('DELETE', `/api/domains/${id}`, { token: admin });
    expect(deleted.body.data.domain).toBe('partner.co.kr');
    expect((await t.call('GET', `/api/domains/${id}`, { token: admin })).status).toBe(404);
  });

  it('refuses a duplicate and an invalid domain with a field message, saving nothing', async () => {
    await create({ domain: 'dup.com' });
    const before = await dbSnapshot(t, ['domains']);
    const duplicate = await create({ domain: 'DUP.com' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.result).toBe('CONFLICT');
    expect(duplicate.body.data.errors).toEqual([{ field: 'domain', message: 'dup.com is already on the allowed list.' }]);
    for (const domain of ['not a domain', 'localhost', 'a@b.com', "x.com'; drop table admins;--", '']) {
      const invalid = await create({ domain });
      expect(invalid.status).toBe(400);
      expect(invalid.body.data.errors[0].field).toBe('domain');
    }
    expect((await create({ domain: 'ok.com', extra: 1 })).status).toBe(400);
    expect(await dbSnapshot(t, ['domains'])).toEqual(before);
  });

  it('pages, sorts, filters and searches on the server', async () => {
    for (let i = 0; i < 12; i++) await create({ domain: `page${String(i).padStart(2, '0')}.org`, activeFlag: i % 3 === 0 ? 'N' : 'Y' });
    const query = (params: Record<string, unknown>) =>
      t.call('GET', `/api/domains?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))}`, { token: admin });
    const first = await query({ sort: ['domain', 'DESC'], range: [0, 4], filter: { q: 'page' } });
    expect(first.body.data.totalCount).toBe(12);
    expect(first.body.data.list.map((row: { domain: string }) => row.domain)).toEqual(['page11.org', 'page10.org', 'page09.org', 'page08.org', 'page07.org']);
    expect(first.body.data).toMatchObject({ totalPage: 3, currentPage: 1 });
    const third = await query({ sort: ['domain', 'DESC'], range: [10, 14], filter: { q: 'page' } });
    expect(third.body.data.list.map((row: { domain: string }) => row.domain)).toEqual(['page01.org', 'page00.org']);
    const inactive = await query({ filter: { q: 'page', activeFlag: 'N' } });
    expect(inactive.body.data.totalCount).toBe(4);
    const likeWildcard = await query({ filter: { q: '%' } });
    expect(likeWildcard.body.data.totalCount).toBe(0);
  });

  it('answers each request with its own values and total, its query compiled once for every request of its shape', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await create({ domain: `shape${i}.net`, activeFlag: i % 3 === 0 ? 'N' : 'Y' })).body.data.id);
    const domains = async (params: Record<string, unknown>) => {
      const reply = await t.call('GET', `/api/domains?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))}`, { token: admin });
      expect(reply.status).toBe(200);
      return { names: reply.body.data.list.map((row: { domain: string }) => row.domain), total: reply.body.data.totalCount };
    };
    const sort = ['domain', 'ASC'];
    expect(await domains({ sort, filter: { q: 'shape', activeFlag: 'N' } })).toEqual({ names: ['shape0.net', 'shape3.net'], total: 2 });
    expect(await domains({ sort, filter: { q: 'shape', activeFlag: 'Y' } })).toEqual({ names: ['shape1.net', 'shape2.net', 'shape4.net', 'shape5.net'], total: 4 });
    expect(await domains({ sort, filter: { q: 'shape2' } })).toEqual({ names: ['shape2.net'], total: 1 });
    expect(await domains({ sort, filter: { id: [ids[1], ids[4]] } })).toEqual({ names: ['shape1.net', 'shape4.net'], total: 2 });
    expect(await domains({ sort, filter: { id: [ids[5]] } })).toEqual({ names: ['shape5.net'], total: 1 });
    expect(await domains({ sort, filter: { id: [ids[0], ids[2], ids[3]] } })).toEqual({ names: ['shape0.net', 'shape2.net', 'shape3.net'], total: 3 });
    expect(await domains({ sort, range: [0, 1], filter: { q: 'shape' } })).toEqual({ names: ['shape0.net', 'shape1.net'], total: 6 });
    expect(await domains({ sort, range: [2, 3], filter: { q: 'shape' } })).toEqual({ names: ['shape2.net', 'shape3.net'], total: 6 });
    expect(await domains({ sort: ['domain', 'DESC'], range: [0, 1], filter: { q: 'shape' } })).toEqual({ names: ['shape5.net', 'shape4.net'], total: 6 });
  });

  it('answers 400 for an unknown sort field or filter key, and for malformed list parameters', async () => {
    for (const search of ['sort=["password_hash","ASC"]', 'filter={"password_hash":"x"}', 'sort=not-json', 'range=[5,1]', 'sort=["domain","SIDEWAYS"]']) {
      const reply = await t.call('GET', `/api/domains?${search}`, { token: admin });
      expect(reply.status, search).toBe(400);
      expect(reply.body.result).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses ranks 2–5 with 403 and changes nothing', async () => {
    const before = await dbSnapshot(t, ['domains']);
    for (const authority of ['global-admin', 'region-admin', 'local-admin', 'user'] as const) {
      const token = accounts[authority].token;
      expect((await t.call('GET', '/api/domains', { token })).status).toBe(403);
      expect((await create({ domain: 'sneaky.com' }, token)).status).toBe(403);
      expect((await create({ domain: 'not valid' }, token)).status).toBe(403);
      expect((await t.call('DELETE', '/api/domains/1', { token })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/domains')).status).toBe(401);
    expect(await dbSnapshot(t, ['domains'])).toEqual(before);
  });

  it('lets a newly allowed domain sign up at once, and a deactivated one no longer', async () => {
    const refused = await t.call('POST', '/api/auth/otp', { body: { email: 'someone@newco.io' } });
    expect(refused.body.result).toBe('DOMAIN_NOT_ALLOWED');
    const { body } = await create({ domain: 'newco.io' });
    await signUp(t, 'someone@newco.io');
    await t.call('PUT', `/api/domains/${body.data.id}`, { token: admin, body: { domain: 'newco.io', activeFlag: 'N' } });
    expect((await t.call('POST', '/api/auth/otp', { body: { email: 'other@newco.io' } })).body.result).toBe('DOMAIN_NOT_ALLOWED');
  });
});
