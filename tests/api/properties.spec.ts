import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, dbSnapshot, type RankAccounts, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const list = (filter: unknown, extra = '') => t.call('GET', `/api/properties?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, { token: admin });
const create = (body: unknown, token = admin) => t.call('POST', '/api/properties', { token, body });

describe('project properties', () => {
  it('lists one kind at a time from the seeded code tables, with search and region filter', async () => {
    const regions = await list({ kind: 'regions' });
    expect(regions.body.data.list.map((row: { code: string }) => row.code)).toEqual(['APAC', 'EMEA', 'NA', 'LATAM']);
    expect(regions.body.data.list[0]).toMatchObject({ id: expect.stringMatching(/^regions:\d+$/), kind: 'regions', name: 'Asia Pacific', no: 1 });
    const emea = await list({ kind: 'countries', regionCode: 'EMEA' }, '&sort=["code","ASC"]');
    expect(emea.body.data.list.map((row: { code: string }) => row.code)).toEqual(['AE', 'DE', 'FR', 'GB']);
    const search = await list({ kind: 'countries', q: 'korea' });
    expect(search.body.data.list.map((row: { code: string }) => row.code)).toEqual(['KR']);
    expect((await list({})).status).toBe(400);
    expect((await list({ kind: 'passwords' })).status).toBe(400);
    expect((await list({ kind: 'regions', regionCode: 'EMEA' })).status).toBe(400);
  });

  it('creates, edits and deletes an unused code; codes are upper-cased and unique per kind', async () => {
    const created = await create({ kind: 'countries', code: 'nz', name: 'New Zealand', no: 20, regionCode: 'APAC' });
    expect(created.body.data).toMatchObject({ kind: 'countries', code: 'NZ', regionCode: 'APAC' });
    const duplicate = await create({ kind: 'countries', code: 'NZ', name: 'Again', regionCode: 'APAC' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data.errors[0]).toMatchObject({ field: 'code' });
    const id = created.body.data.id;
    const renamed = await t.call('PUT', `/api/properties/${id}`, { token: admin, body: { kind: 'countries', code: 'NZL', name: 'Aotearoa New Zealand', no: 21, regionCode: 'APAC' } });
    expect(renamed.body.data).toMatchObject({ code: 'NZL', name: 'Aotearoa New Zealand', no: 21 });
    expect((await t.call('DELETE', `/api/properties/${id}`, { token: admin })).body.result).toBe('SUCCESS');
    expect((await t.call('GET', `/api/properties/${id}`, { token: admin })).status).toBe(404);
  });

  it('refuses a country without a known region, and bad codes, saving nothing', async () => {
    const before = await dbSnapshot(t, ['countries', 'regions']);
    expect((await create({ kind: 'countries', code: 'XX', name: 'Nowhere', regionCode: 'MARS' })).body.data.errors[0].field).toBe('regionCode');
    expect((await create({ kind: 'countries', code: 'XX', name: 'Nowhere' })).status).toBe(400);
    expect((await create({ kind: 'regions', code: 'bad code!', name: 'Bad' })).body.data.errors[0].field).toBe('code');
    expect((await create({ kind: 'regions', code: 'OK', name: '' })).body.data.errors[0].field).toBe('name');
    expect(await dbSnapshot(t, ['countries', 'regions'])).toEqual(before);
  });

  it('will not delete or recode a code still in use, naming how many records use it', async () => {
    const kr = (await list({ kind: 'countries', q: 'KR' })).body.data.list[0];
    const before = await dbSnapshot(t, ['countries']);
    const refused = await t.call('DELETE', `/api/properties/${kr.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMessage).toMatch(/KR is used by \d+ records \(\d+ users \(country of office\), \d+ user country connections?\)/);
    const recode = await t.call('PUT', `/api/properties/${kr.id}`, { token: admin, body: { kind: 'countries', code: 'KOR', name: 'Korea', regionCode: 'APAC' } });
    expect(recode.status).toBe(409);
    const apac = (await list({ kind: 'regions', q: 'APAC' })).body.data.list[0];
    expect((await t.call('DELETE', `/api/properties/${apac.id}`, { token: admin })).body.resultMessage).toMatch(/countries/);
    expect(await dbSnapshot(t, ['countries'])).toEqual(before);
  });

  it('names the usage in the singular when one record uses a code', async () => {
    const solo = (await create({ kind: 'companies', code: 'SOLO', name: 'Solo Agency' })).body.data;
    await t.db.updateTable('admins').set({ company_code: 'SOLO' }).where('email', '=', ADMIN_EMAIL).execute();
    const refused = await t.call('DELETE', `/api/properties/${solo.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMessage).toBe('It cannot be deleted: SOLO is used by 1 record (1 user).');
    expect((await t.call('GET', `/api/properties/${solo.id}`, { token: admin })).body.data.code).toBe('SOLO');
  });

  it('will not delete a data type a dashboard template uses', async () => {
    const template = await t.call('POST', '/api/templates', { token: admin, body: { name: 'Social board', dataType: 'SOCIAL', previews: [] } });
    expect(template.body.result).toBe('SUCCESS');
    const social = (await list({ kind: 'data-types', q: 'SOCIAL' })).body.data.list[0];
    const refused = await t.call('DELETE', `/api/properties/${social.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMessage).toContain('1 dashboard template');
  });

  it('is managed by system-admins only and read by every signed-in user (the forms pick codes from it)', async () => {
    const apac = (await list({ kind: 'regions', q: 'APAC' })).body.data.list[0];
    for (const authority of ['global-admin', 'region-admin', 'local-admin', 'user'] as const) {
      const token = accounts[authority].token;
      const regions = await t.call('GET', '/api/properties?filter={"kind":"regions"}', { token });
      expect(regions.status).toBe(200);
      expect(regions.body.data.list.map((region: { code: string }) => region.code)).toContain('APAC');
      expect((await create({ kind: 'regions', code: 'ZZ', name: 'Z' }, token)).status).toBe(403);
      expect((await t.call('PUT', `/api/properties/${apac.id}`, { token, body: { kind: 'regions', code: 'APAC', name: 'Renamed' } })).status).toBe(403);
      expect((await t.call('DELETE', `/api/properties/${apac.id}`, { token })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/properties?filter={"kind":"regions"}')).status).toBe(401);
  });
});
