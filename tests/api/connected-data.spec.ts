import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, approvedUser, type TestApp, withTestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

describe('GET /api/system/connected-data', () => {
  it('answers the advertisers and a region → country tree built from the code tables', async () => {
    const { accessToken } = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const reply = await t.call('GET', '/api/system/connected-data', { token: accessToken });
    expect(reply.status).toBe(200);
    expect(reply.body.result).toBe('SUCCESS');
    const { advertisers, countryTree } = reply.body.data;
    expect(advertisers).toEqual([
      { code: 'ACME', name: 'Acme Electronics' },
      { code: 'GLOBEX', name: 'Globex Retail' },
    ]);

    const regions = await t.db.selectFrom('regions').select(['code', 'name']).orderBy('sort_no').execute();
    expect(countryTree.map((node: { key: string; label: string }) => [node.key, node.label])).toEqual(regions.map((region) => [region.code, region.name]));
    const countries = await t.db.selectFrom('countries').select(['code', 'name', 'region_code']).execute();
    for (const region of countryTree) {
      const expected = countries.filter((country) => country.region_code === region.key);
      expect(region.children.map((leaf: { key: string }) => leaf.key).sort()).toEqual(expected.map((country) => country.code).sort());
      for (const leaf of region.children) {
        expect(leaf).toEqual({ key: leaf.key, label: expected.find((country) => country.code === leaf.key)!.name, children: [] });
      }
    }
    const apac = countryTree.find((node: { key: string }) => node.key === 'APAC');
    expect(apac.children.slice(0, 2)).toEqual([
      { key: 'KR', label: 'Korea', children: [] },
      { key: 'JP', label: 'Japan', children: [] },
    ]);
  });

  it('follows the tables: a new country appears under its region', async () => {
    await t.db.insertInto('countries').values({ code: 'CL', name: 'Chile', region_code: 'LATAM', sort_no: 99 }).execute();
    const { accessToken } = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const reply = await t.call('GET', '/api/system/connected-data', { token: accessToken });
    const latam = reply.body.data.countryTree.find((node: { key: string }) => node.key === 'LATAM');
    expect(latam.children.at(-1)).toEqual({ key: 'CL', label: 'Chile', children: [] });
  });

  it('is open to any signed-in user, including the lowest rank', async () => {
    const { accessToken } = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const user = await approvedUser(t, accessToken, 'plain-user@example.com');
    const reply = await t.call('GET', '/api/system/connected-data', { token: user.tokens.accessToken });
    expect(reply.status).toBe(200);
    expect(reply.body.data.countryTree.length).toBeGreaterThan(0);
  });

  it('refuses a caller without a token, or with a bogus one, with 401', async () => {
    const anonymous = await t.call('GET', '/api/system/connected-data');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ result: 'TOKEN_UNAUTHORIZED', data: null });
    const bogus = await t.call('GET', '/api/system/connected-data', { token: 'not-a-token' });
    expect(bogus.status).toBe(401);
    expect(bogus.body.data).toBeNull();
  });
});
