import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, dbSnapshot, signedInAccount, type TestApp, withTestApp } from './harness';
import { listQuery, PROJECT_TABLES, projectBody, projectPeople, seedTemplate, sharedProject, TABLEAU } from './projects-fixtures';
import { englishOf } from '../../server/http/app-error';
import type { FieldError } from '../../src/shared';

let t: TestApp;
let admin: string;
let people: Awaited<ReturnType<typeof projectPeople>>;
let media: number;
withTestApp((app) => (t = app), { tableau: TABLEAU });
beforeAll(async () => {
  admin = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  people = await projectPeople(t);
  media = await seedTemplate(t, 'Media Overview', 'MEDIA');
});

describe('projects', () => {
  it('creates a template project whose data filters come back as sent, with the creator as owner', async () => {
    const created = await t.call('POST', '/api/projects', { token: admin, body: projectBody(media, { name: '  Round trip  ' }) });
    expect(created.status).toBe(200);
    const project = created.body.data;
    expect(project).toMatchObject({
      name: 'Round trip',
      status: 'ON_GOING',
      dataType: 'MEDIA',
      dataSource: 'MASTER',
      advertiser: 'ACME',
      advertiserName: 'Acme Electronics',
      dashboardType: 'TEMPLATE',
      templateId: media,
      templateName: 'Media Overview',
      dashboardUrl: null,
      ownerCountry: 'KR',
      ownerCountryName: 'Korea',
      startAt: '2026-03-01',
      endAt: '2026-05-31',
      myPrivilege: 'OWNER',
      isActive: 'Y',
    });
    expect(project.dataFilters).toEqual({
      advertiser: 'ACME',
      dataType: 'MEDIA',
      countries: [
        { regionCode: 'APAC', code: 'JP', name: 'Japan' },
        { regionCode: 'APAC', code: 'KR', name: 'Korea' },
        { regionCode: 'EMEA', code: 'DE', name: 'Germany' },
      ],
      keywordFilters: [
        { keyword: 'spring', mode: 'INCLUDE' },
        { keyword: 'test', mode: 'EXCLUDE' },
      ],
      conditionFilters: [
        { field: 'impressions', operator: 'GTE', value: '1000' },
        { field: 'channel', operator: 'EQ', value: 'search' },
      ],
    });
    const shares = await t.call('GET', `/api/project-shares?${listQuery({ filter: { projectId: project.id } })}`, { token: admin });
    expect(shares.body.data.list).toMatchObject([{ email: ADMIN_EMAIL, privilege: 'OWNER' }]);

    // A custom dashboard with other filters replaces the old ones entirely.
    const custom = {
      ...projectBody(media),
      name: 'Round trip',
      dashboardType: 'CUSTOM' as const,
      templateId: null,
      dashboardUrl: 'https://tableau.example.com/views/Custom/Sheet1',
      dataFilters: { countries: ['US'], keywordFilters: [], conditionFilters: [{ field: 'cost', operator: 'LT' as const, value: '50' }] },
    };
    const updated = await t.call('PUT', `/api/projects/${project.id}`, { token: admin, body: custom });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ dashboardType: 'CUSTOM', templateId: null, dashboardUrl: custom.dashboardUrl });
    expect(updated.body.data.dataFilters).toMatchObject({ countries: [{ code: 'US', regionCode: 'NA' }], keywordFilters: [], conditionFilters: [{ field: 'cost', operator: 'LT', value: '50' }] });

    const history = await t.db.selectFrom('access_history').selectAll().where('event_type', '=', 'PROJECT_CREATE').execute();
    expect(history.some((row) => row.detail?.includes('Round trip'))).toBe(true);
    const stats = await t.call('GET', '/api/access-history/stats', { token: admin });
    expect(stats.body.data.totalProjectCreateCount).toBeGreaterThanOrEqual(1);
  });

  it('enforces the privilege × action matrix and admin scopes', async () => {
    type Actor = keyof typeof people;
    const expected: Record<string, { read: number; modify: number; share: number; remove: number }> = {
      owner: { read: 200, modify: 200, share: 200, remove: 200 },
      editor: { read: 200, modify: 200, share: 403, remove: 403 },
      viewer: { read: 200, modify: 403, share: 403, remove: 403 },
      stranger: { read: 404, modify: 404, share: 404, remove: 404 },
      globalAdmin: { read: 200, modify: 200, share: 200, remove: 200 },
      regionAdminApac: { read: 200, modify: 200, share: 200, remove: 200 },
      regionAdminEmea: { read: 404, modify: 404, share: 404, remove: 404 },
      localAdminKr: { read: 200, modify: 200, share: 200, remove: 200 },
      localAdminDe: { read: 404, modify: 404, share: 404, remove: 404 },
    };
    const outsider = await signedInAccount(t, 'outsider@example.com', 'user');
    for (const [actor, statuses] of Object.entries(expected)) {
      const { token } = people[actor as Actor];
      const id = await sharedProject(t, people, media, `Matrix ${actor}`);
      const actual = {
        read: (await t.call('GET', `/api/projects/${id}`, { token })).status,
        modify: (await t.call('PUT', `/api/projects/${id}`, { token, body: projectBody(media, { name: `Matrix ${actor}` }) })).status,
        share: (await t.call('POST', '/api/project-shares', { token, body: { projectId: id, email: outsider.email, privilege: 'VIEWER' } })).status,
        remove: (await t.call('DELETE', `/api/projects/${id}`, { token })).status,
      };
      expect({ actor, ...actual }).toEqual({ actor, ...statuses });
    }
  });

  it('lists only visible projects, with paging, sort, filters and search on the server', async () => {
    const id = await sharedProject(t, people, media, 'Listed for viewer');
    const asViewer = await t.call('GET', `/api/projects?${listQuery({ filter: { q: 'listed for' } })}`, { token: people.viewer.token });
    expect(asViewer.body.data.list.map((row: { id: number }) => row.id)).toEqual([id]);
    expect(asViewer.body.data.list[0]).toMatchObject({ myPrivilege: 'VIEWER', ownerCountry: 'KR', templateName: 'Media Overview', createdByName: 'user Tester' });
    const asStranger = await t.call('GET', `/api/projects?${listQuery({ filter: { id } })}`, { token: people.stranger.token });
    expect(asStranger.body.data).toMatchObject({ list: [], totalCount: 0 });
    const asEmea = await t.call('GET', `/api/projects?${listQuery({ filter: { id } })}`, { token: people.regionAdminEmea.token });
    expect(asEmea.body.data.totalCount).toBe(0);
    const asApac = await t.call('GET', `/api/projects?${listQuery({ filter: { id } })}`, { token: people.regionAdminApac.token });
    expect(asApac.body.data.list).toMatchObject([{ id, myPrivilege: 'OWNER' }]);

    await t.call('POST', '/api/projects', { token: people.owner.token, body: projectBody(media, { name: 'Paged A', status: 'PENDING', dataSource: 'MANUAL' }) });
    await t.call('POST', '/api/projects', { token: people.owner.token, body: projectBody(media, { name: 'Paged B', status: 'PENDING', dataSource: 'MANUAL' }) });
    const page = await t.call('GET', `/api/projects?${listQuery({ sort: ['name', 'DESC'], range: [0, 0], filter: { status: 'PENDING', dataSource: 'MANUAL' } })}`, { token: people.owner.token });
    expect(page.body.data).toMatchObject({ totalCount: 2, totalPage: 2, currentPage: 1 });
    expect(page.body.data.list.map((row: { name: string }) => row.name)).toEqual(['Paged B']);
    expect((await t.call('GET', `/api/projects?${listQuery({ sort: ['secret', 'ASC'] })}`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', `/api/projects?${listQuery({ filter: { createdBy: 1 } })}`, { token: admin })).status).toBe(400);
  });

  it('needs the creator flag to create a project', async () => {
    const denied = await t.call('POST', '/api/projects', { token: people.viewer.token, body: projectBody(media) });
    expect(denied.status).toBe(403);
    expect(denied.body.resultMessage).toMatch(/creator/);
    // Before the body is read, like the rank guard.
    expect((await t.call('POST', '/api/projects', { token: people.viewer.token, body: {} })).status).toBe(403);
  });

  it("lists a user's projects on the user-management detail", async () => {
    const id = await sharedProject(t, people, media, 'On the user detail');
    const detail = await t.call('GET', `/api/users/${people.viewer.id}`, { token: admin });
    expect(detail.body.data.projectList).toContainEqual({ id, name: 'On the user detail' });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const crm = await seedTemplate(t, 'CRM Funnel', 'CRM');
    const retired = await seedTemplate(t, 'Old Media', 'MEDIA', 'N');
    const before = await dbSnapshot(t, PROJECT_TABLES);
    const cases: [unknown, string, RegExp][] = [
      [projectBody(media, { name: 'x'.repeat(101) }), 'name', /at most 100/],
      [projectBody(media, { name: '' }), 'name', /required/],
      [projectBody(media, { startAt: '2026-05-01', endAt: '2026-04-30' }), 'endAt', /after the start/],
      [projectBody(media, { startAt: '2026-02-30' }), 'startAt', /date/],
      [projectBody(9999), 'templateId', /No such template/],
      [projectBody(crm), 'templateId', /for CRM projects/],
      [projectBody(retired), 'templateId', /inactive/],
      [projectBody(media, { templateId: null }), 'templateId', /Choose a template/],
      [projectBody(media, { dashboardType: 'CUSTOM', dashboardUrl: 'javascript:alert(1)' }), 'dashboardUrl', /http/],
      [projectBody(media, { dashboardType: 'CUSTOM', dashboardUrl: 'http://[broken' }), 'dashboardUrl', /http/],
      [projectBody(media, { advertiser: 'NOPE' }), 'advertiser', /not an advertiser/],
      [projectBody(media, { dataType: 'GAMES' as never }), 'dataType', /Choose a data type/],
      [projectBody(media, { dataSource: 'FTP' as never }), 'dataSource', /Choose a data source/],
      [projectBody(media, { dataFilters: { countries: ['ZZ'], keywordFilters: [], conditionFilters: [] } }), 'dataFilters.countries', /Unknown countries: ZZ/],
      [
        projectBody(media, { dataFilters: { countries: [], keywordFilters: [], conditionFilters: [{ field: 'x', operator: 'LIKE' as never, value: '1' }] } }),
        'dataFilters.conditionFilters.0.operator',
        /./,
      ],
      [{ ...projectBody(media), ownerCountry: 'US' }, '', /./],
    ];
    for (const [body, field, message] of cases) {
      const reply = await t.call('POST', '/api/projects', { token: admin, body });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (field) expect(reply.body.data.errors.map((error: FieldError) => ({ field: error.field, message: englishOf(error) }))).toContainEqual({ field, message: expect.stringMatching(message) });
    }
    const id = (await t.call('GET', `/api/projects?${listQuery({ range: [0, 0] })}`, { token: admin })).body.data.list[0].id;
    const badUpdate = await t.call('PUT', `/api/projects/${id}`, { token: admin, body: projectBody(crm) });
    expect(badUpdate.status).toBe(400);
    expect(await dbSnapshot(t, PROJECT_TABLES)).toEqual(before);
    expect((await t.call('PUT', '/api/projects/99999', { token: admin, body: projectBody(media) })).status).toBe(404);
  });
});
