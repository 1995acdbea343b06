import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITY_RANKS, type Authority } from '../../src/shared';
import { insertAccount, insertAdminCountries, type RankAccounts, type TestApp, withRankAccounts } from './harness';
import { projectBody, seedTemplate, TABLEAU } from './projects-fixtures';

/**
 * The share search is no directory of the console's accounts: as each rank, part of an e-mail finds
 * only the people of the sharer's user scope not ranked above them, a whole e-mail anyone active,
 * and every answer holds id, name and e-mail alone.
 */
let t: TestApp;
let accounts: RankAccounts;
let projectId: number;
withRankAccounts((suite) => ({ t, accounts } = suite), { tableau: TABLEAU });

const AUTHORITIES = Object.keys(AUTHORITY_RANKS) as Authority[];
/** Where the people to find work: two countries of APAC and one of EMEA. */
const PLACES = { kr: { region_code: 'APAC', office_code: 'KR' }, sg: { region_code: 'APAC', office_code: 'SG' }, gb: { region_code: 'EMEA', office_code: 'GB' } } as const;
type Place = keyof typeof PLACES;
const emailOf = (place: Place, authority: Authority) => `cand-${place}-${authority}@example.com`;

/**
 * What each rank finds by part of an e-mail, spelt out: the places its scope covers (the local-admin
 * manages Korea and Japan, the user is connected to Singapore though their office is in Korea) and
 * the authorities at or below its own.
 */
const FINDS: Record<Authority, { places: Place[]; authorities: Authority[] }> = {
  'system-admin': { places: ['kr', 'sg', 'gb'], authorities: ['system-admin', 'global-admin', 'region-admin', 'local-admin', 'user'] },
  'global-admin': { places: ['kr', 'sg', 'gb'], authorities: ['global-admin', 'region-admin', 'local-admin', 'user'] },
  'region-admin': { places: ['kr', 'sg'], authorities: ['region-admin', 'local-admin', 'user'] },
  'local-admin': { places: ['kr'], authorities: ['local-admin', 'user'] },
  user: { places: ['sg'], authorities: ['user'] },
};

beforeAll(async () => {
  for (const place of Object.keys(PLACES) as Place[]) {
    for (const authority of AUTHORITIES) await insertAccount(t, { email: emailOf(place, authority), authority, ...PLACES[place] });
  }
  await insertAdminCountries(t, accounts['local-admin'].id, ['KR', 'JP']);
  await insertAdminCountries(t, accounts.user.id, ['SG']);
  await t.db.updateTable('admins').set({ creator_flag: 'Y' }).where('id', '=', accounts['system-admin'].id).execute();
  const created = await t.call('POST', '/api/projects', { token: accounts['system-admin'].token, body: projectBody(await seedTemplate(t, 'Candidates', 'MEDIA'), { name: 'Candidates' }) });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  projectId = created.body.data.id;
  // Every rank owns the project, so each may search for people to share it with.
  const now = t.clock.now().toISOString();
  for (const authority of AUTHORITIES.filter((authority) => authority !== 'system-admin')) {
    await t.db.insertInto('project_shares').values({ project_id: projectId, admin_id: accounts[authority].id, privilege: 'OWNER', created_at: now, updated_at: now }).execute();
  }
});

const search = (token: string, q: string) => t.call('GET', `/api/project-shares/candidates?projectId=${projectId}&q=${encodeURIComponent(q)}`, { token });
const FIELDS = ['email', 'id', 'name'];

describe('share candidates', () => {
  it('declares id, name and e-mail as the whole answer in the API document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const envelope = document.paths['/api/project-shares/candidates'].get.responses['200'].content['application/json'].schema;
    const item = envelope.properties.data.items;
    expect(Object.keys(item.properties).sort()).toEqual(FIELDS);
    expect(item.additionalProperties).toBe(false);
  });

  for (const caller of AUTHORITIES) {
    it(`as a ${caller} (rank ${AUTHORITY_RANKS[caller].rank}), finds by part of an e-mail only the people of its scope not ranked above it`, async () => {
      const found: string[] = [];
      for (const place of Object.keys(PLACES) as Place[]) {
        const reply = await search(accounts[caller].token, `cand-${place}`);
        expect(reply.status).toBe(200);
        for (const candidate of reply.body.data) expect(Object.keys(candidate).sort(), caller).toEqual(FIELDS);
        found.push(...reply.body.data.map((candidate: { email: string }) => candidate.email));
      }
      const { places, authorities } = FINDS[caller];
      expect(found.sort(), caller).toEqual(places.flatMap((place) => authorities.map((authority) => emailOf(place, authority))).sort());
    });

    it(`as a ${caller}, finds anyone active by their whole e-mail, in any case, and nobody by a near miss`, async () => {
      const wanted = emailOf('gb', 'system-admin');
      const exact = await search(accounts[caller].token, wanted.toUpperCase());
      expect(exact.body.data.map((candidate: { email: string; name: string }) => [candidate.email, candidate.name, Object.keys(candidate).sort()])).toEqual([[wanted, 'system-admin Tester', FIELDS]]);
      if (caller !== 'system-admin') expect((await search(accounts[caller].token, wanted.slice(0, -1))).body.data).toEqual([]);
    });
  }

  it('offers nobody already on the project, and nobody inactive even by their whole e-mail', async () => {
    const owner = accounts['system-admin'].token;
    const onProject = (await search(owner, accounts['global-admin'].email)).body.data.map((candidate: { email: string }) => candidate.email);
    expect(onProject).not.toContain(accounts['global-admin'].email);
    const gone = await insertAccount(t, { email: 'cand-gone@example.com', status_code: 'INACTIVE' });
    expect(gone).toBeGreaterThan(0);
    expect((await search(owner, 'cand-gone@example.com')).body.data).toEqual([]);
  });
});
