import { decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { readEnv, tableauFromEnv } from '../../server/config';
import { inEnglish } from '../../src/i18n/serverMessage';
import { dbSnapshot, insertAdminCountries, signedInAccount, startSiblingApp, type TestApp, withTestApp } from './harness';
import { listQuery, PROJECT_TABLES, projectBody, projectPeople, seedTemplate, sharedProject, TABLEAU } from './projects-fixtures';

let t: TestApp;
let people: Awaited<ReturnType<typeof projectPeople>>;
let media: number;
withTestApp((app) => (t = app), { tableau: TABLEAU });
beforeAll(async () => {
  people = await projectPeople(t);
  media = await seedTemplate(t, 'Media Overview', 'MEDIA');
});

const sharesOf = async (projectId: number, token = people.owner.token) =>
  (await t.call('GET', `/api/project-shares?${listQuery({ filter: { projectId } })}`, { token })).body.data.list as { id: number; email: string; privilege: string }[];

describe('sharing', () => {
  it('finds people by e-mail and adds, changes and removes them', async () => {
    const id = await sharedProject(t, people, media, 'Sharing');
    const teammate = await signedInAccount(t, 'teammate@example.com', 'user', { region_code: 'EMEA', office_code: 'GB' });
    // Outside the owner's scope: found by the whole address only (share-candidates.spec walks the rule).
    expect((await t.call('GET', `/api/project-shares/candidates?projectId=${id}&q=teammate`, { token: people.owner.token })).body.data).toEqual([]);
    const found = await t.call('GET', `/api/project-shares/candidates?projectId=${id}&q=teammate@example.com`, { token: people.owner.token });
    expect(found.body.data).toEqual([{ id: teammate.id, email: 'teammate@example.com', name: 'user Tester' }]);
    // People already on the project are not offered again.
    expect((await t.call('GET', `/api/project-shares/candidates?projectId=${id}&q=viewer@`, { token: people.owner.token })).body.data).toEqual([]);
    expect((await t.call('GET', `/api/project-shares/candidates?projectId=${id}&q=te`, { token: people.viewer.token })).status).toBe(403);
    // `_` and `%` are searched as themselves, on SQLite as on PostgreSQL.
    const underscored = await signedInAccount(t, 'team_mate@example.com', 'user');
    // The owner's scope: the offices of their connected countries.
    await insertAdminCountries(t, people.owner.id, ['KR']);
    const literal = await t.call('GET', `/api/project-shares/candidates?projectId=${id}&q=${encodeURIComponent('team_m')}`, { token: people.owner.token });
    expect(literal.body.data.map((candidate: { id: number }) => candidate.id)).toEqual([underscored.id]);
    expect((await t.call('GET', `/api/project-shares/candidates?projectId=${id}&q=${encodeURIComponent('team%')}`, { token: people.owner.token })).body.data).toEqual([]);

    const added = await t.call('POST', '/api/project-shares', { token: people.owner.token, body: { projectId: id, email: 'TEAMMATE@example.com', privilege: 'EDITOR' } });
    expect(added.body.data).toMatchObject({ email: 'teammate@example.com', privilege: 'EDITOR', country: 'United Kingdom' });
    expect((await t.call('GET', `/api/projects/${id}`, { token: teammate.token })).body.data.myPrivilege).toBe('EDITOR');
    const again = await t.call('POST', '/api/project-shares', { token: people.owner.token, body: { projectId: id, email: 'teammate@example.com', privilege: 'VIEWER' } });
    expect(again.status).toBe(409);

    const changed = await t.call('PUT', `/api/project-shares/${added.body.data.id}`, { token: people.owner.token, body: { privilege: 'OWNER' } });
    expect(changed.body.data.privilege).toBe('OWNER');
    const removed = await t.call('DELETE', `/api/project-shares/${added.body.data.id}`, { token: people.owner.token });
    expect(removed.status).toBe(200);
    expect((await t.call('GET', `/api/projects/${id}`, { token: teammate.token })).status).toBe(404);
    expect((await sharesOf(id)).map((share) => share.email)).toEqual(['owner@example.com', 'viewer@example.com', 'editor@example.com']);
    // Viewers read the share list but cannot change it.
    expect(await sharesOf(id, people.viewer.token)).toHaveLength(3);
    const viewerShare = (await sharesOf(id)).find((share) => share.email === 'viewer@example.com')!;
    expect((await t.call('PUT', `/api/project-shares/${viewerShare.id}`, { token: people.editor.token, body: { privilege: 'OWNER' } })).status).toBe(403);
    expect((await t.call('GET', `/api/project-shares?${listQuery({ filter: {} })}`, { token: people.owner.token })).status).toBe(400);
  });

  it('keeps at least one owner and refuses unknown e-mails, changing nothing', async () => {
    const id = await sharedProject(t, people, media, 'Last owner');
    const ownerShare = (await sharesOf(id)).find((share) => share.privilege === 'OWNER')!;
    const before = await dbSnapshot(t, PROJECT_TABLES);
    const demote = await t.call('PUT', `/api/project-shares/${ownerShare.id}`, { token: people.owner.token, body: { privilege: 'EDITOR' } });
    expect(demote.status).toBe(409);
    expect(demote.body.resultMessage).toMatch(/at least one owner/);
    const remove = await t.call('DELETE', `/api/project-shares/${ownerShare.id}`, { token: people.owner.token });
    expect(remove.status).toBe(409);
    const unknown = await t.call('POST', '/api/project-shares', { token: people.owner.token, body: { projectId: id, email: 'nobody@example.com', privilege: 'VIEWER' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.errors).toEqual([{ field: 'email', message: 'No active account uses nobody@example.com.' }]);
    const badPrivilege = await t.call('POST', '/api/project-shares', { token: people.owner.token, body: { projectId: id, email: people.stranger.email, privilege: 'ADMIN' } });
    expect(badPrivilege.status).toBe(400);
    expect(await dbSnapshot(t, PROJECT_TABLES)).toEqual(before);
  });
});

describe('plans', () => {
  it('lets editors write plans with audit fields and viewers read them', async () => {
    const id = await sharedProject(t, people, media, 'Planned');
    const created = await t.call('POST', '/api/plans', { token: people.editor.token, body: { projectId: id, title: 'Q2 flight', dataType: 'media', description: 'Search and social' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ projectId: id, projectName: 'Planned', title: 'Q2 flight', dataType: 'MEDIA', createdBy: 'user Tester', updatedBy: 'user Tester' });
    const planId = created.body.data.id;
    const updated = await t.call('PUT', `/api/plans/${planId}`, { token: people.owner.token, body: { projectId: id, title: 'Q2 flight v2', dataType: 'CRM' } });
    expect(updated.body.data).toMatchObject({ title: 'Q2 flight v2', dataType: 'CRM', description: null });
    const listed = await t.call('GET', `/api/plans?${listQuery({ filter: { projectId: id } })}`, { token: people.viewer.token });
    expect(listed.body.data.list).toMatchObject([{ id: planId, title: 'Q2 flight v2' }]);

    expect((await t.call('POST', '/api/plans', { token: people.viewer.token, body: { projectId: id, title: 'No', dataType: 'MEDIA' } })).status).toBe(403);
    expect((await t.call('GET', `/api/plans/${planId}`, { token: people.stranger.token })).status).toBe(404);
    expect((await t.call('GET', `/api/plans?${listQuery({ filter: {} })}`, { token: people.owner.token })).status).toBe(400);
    const badType = await t.call('POST', '/api/plans', { token: people.owner.token, body: { projectId: id, title: 'Bad', dataType: 'NOPE' } });
    expect(badType.body.data.errors).toEqual([{ field: 'dataType', message: 'NOPE is not a data type.' }]);
    expect((await t.call('DELETE', `/api/plans/${planId}`, { token: people.viewer.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/plans/${planId}`, { token: people.editor.token })).status).toBe(200);
  });

  it('go with their project when it is deleted', async () => {
    const id = await sharedProject(t, people, media, 'Deleted with plans');
    await t.call('POST', '/api/plans', { token: people.owner.token, body: { projectId: id, title: 'Gone', dataType: 'MEDIA' } });
    expect((await t.call('DELETE', `/api/projects/${id}`, { token: people.owner.token })).status).toBe(200);
    for (const table of PROJECT_TABLES) {
      const column = table === 'projects' ? 'id' : 'project_id';
      expect(
        await t.db
          .selectFrom(table)
          .select(column as never)
          .where(column as never, '=', id as never)
          .execute(),
      ).toEqual([]);
    }
  });
});

describe('dashboard token', () => {
  it('mints a Connected Apps JWT for the viewer and records the view', async () => {
    const id = await sharedProject(t, people, media, 'Dashboard');
    const reply = await t.call('GET', `/api/projects/${id}/dashboard-token`, { token: people.viewer.token });
    expect(reply.status).toBe(200);
    const { token, viewName, src, expiresAt } = reply.body.data;
    expect(viewName).toBe('MediaOverview/Dashboard');
    expect(src).toBe('https://tableau.example.com/t/marketing/views/MediaOverview/Dashboard');
    expect(JSON.stringify(reply.body)).not.toContain(TABLEAU.secretValue);

    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(TABLEAU.secretValue), { issuer: TABLEAU.clientId, audience: 'tableau', algorithms: ['HS256'] });
    expect(protectedHeader).toMatchObject({ alg: 'HS256', kid: TABLEAU.secretId, iss: TABLEAU.clientId });
    expect(payload).toMatchObject({ sub: 'viewer@example.com', scp: ['tableau:views:embed'] });
    expect(typeof payload.jti).toBe('string');
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(payload.exp! - nowSeconds).toBeGreaterThan(0);
    expect(payload.exp! - nowSeconds).toBeLessThanOrEqual(600);
    expect(new Date(expiresAt).getTime()).toBe(payload.exp! * 1000);
    await expect(jwtVerify(token, new TextEncoder().encode('another secret value'))).rejects.toThrow();
    expect(decodeProtectedHeader(token).kid).toBe(TABLEAU.secretId);

    const second = await t.call('GET', `/api/projects/${id}/dashboard-token?purpose=renew`, { token: people.viewer.token });
    expect((await jwtVerify(second.body.data.token, new TextEncoder().encode(TABLEAU.secretValue))).payload.jti).not.toBe(payload.jti);
    const views = await t.db.selectFrom('access_history').select(['detail', 'email']).where('event_type', '=', 'DASHBOARD_VIEW').execute();
    // The detail is stored as a message key; it reads as the access-history list words it.
    expect(views.map((view) => ({ ...view, detail: view.detail && inEnglish(view.detail) }))).toEqual([{ email: 'viewer@example.com', detail: `Project ${id}: MediaOverview/Dashboard` }]);
    const stats = await t.call('GET', `/api/access-history/stats?adminId=${people.viewer.id}`, { token: people.globalAdmin.token });
    expect(stats.body.data.totalDashboardViews).toBe(1);

    expect((await t.call('GET', `/api/projects/${id}/dashboard-token`, { token: people.stranger.token })).status).toBe(404);
  });

  it('points a custom project at its own view', async () => {
    const created = await t.call('POST', '/api/projects', {
      token: people.owner.token,
      body: projectBody(media, { name: 'Custom view', dashboardType: 'CUSTOM', templateId: null, dashboardUrl: 'https://tableau.example.com/t/marketing/views/Sales/Overview?:embed=y' }),
    });
    const reply = await t.call('GET', `/api/projects/${created.body.data.id}/dashboard-token`, { token: people.owner.token });
    expect(reply.body.data).toMatchObject({ viewName: 'Sales/Overview', src: 'https://tableau.example.com/t/marketing/views/Sales/Overview' });
  });

  it('keeps custom dashboards on the configured Tableau server and mints no token for another origin', async () => {
    const custom = (name: string, dashboardUrl: string) => projectBody(media, { name, dashboardType: 'CUSTOM', templateId: null, dashboardUrl });
    const foreign = [
      'https://evil.example/views/Sales/Overview',
      'https://tableau.example.com.evil.example/views/Sales/Overview',
      'https://tableau.example.com@evil.example/views/Sales/Overview',
      'https://user:pass@tableau.example.com/views/Sales/Overview',
      'http://tableau.example.com/views/Sales/Overview',
      'https://tableau.example.com:8443/views/Sales/Overview',
    ];
    const before = await dbSnapshot(t, PROJECT_TABLES);
    for (const url of foreign) {
      const reply = await t.call('POST', '/api/projects', { token: people.owner.token, body: custom('Foreign', url) });
      expect(reply.status, url).toBe(400);
      expect(reply.body.data.errors).toEqual([{ field: 'dashboardUrl', message: 'dashboardUrlForeign', params: { server: 'https://tableau.example.com' } }]);
    }
    expect(await dbSnapshot(t, PROJECT_TABLES)).toEqual(before);

    // The same origin however it is spelled: upper case and the default port.
    const created = await t.call('POST', '/api/projects', { token: people.owner.token, body: custom('Own view', 'https://TABLEAU.example.com:443/views/Sales/Overview') });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    for (const url of foreign) {
      const reply = await t.call('PUT', `/api/projects/${id}`, { token: people.owner.token, body: custom('Own view', url) });
      expect(reply.status, url).toBe(400);
      expect(reply.body.data.errors[0].field).toBe('dashboardUrl');
    }
    // A URL stored before the rule (or a server moved since) is never tokenised.
    for (const url of foreign) {
      await t.db.updateTable('projects').set({ dashboard_url: url }).where('id', '=', id).execute();
      const reply = await t.call('GET', `/api/projects/${id}/dashboard-token`, { token: people.owner.token });
      expect(reply.status, url).toBe(409);
      expect(reply.body.resultMessage).toBe("This project's dashboard URL is not on the Tableau server https://tableau.example.com. Change it on the modify screen.");
      expect(JSON.stringify(reply.body)).not.toMatch(/eyJ/);
    }
  });

  it('lets the page frame and reach only the configured Tableau server', async () => {
    const csp = String((await t.call('GET', '/api/health')).headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://tableau.example.com");
    expect(csp).toContain("connect-src 'self' https://tableau.example.com");
  });

  it('reads the Tableau settings from the environment only when all four are set', () => {
    const env = { TABLEAU_SERVER_URL: 'https://tableau.example.com/', TABLEAU_CLIENT_ID: 'c', TABLEAU_SECRET_ID: 's', TABLEAU_SECRET_VALUE: 'v' };
    expect(tableauFromEnv(readEnv(env))).toEqual({ serverUrl: 'https://tableau.example.com', site: '', clientId: 'c', secretId: 's', secretValue: 'v' });
    expect(tableauFromEnv(readEnv({ ...env, TABLEAU_SITE: 'marketing' }))?.site).toBe('marketing');
    expect(tableauFromEnv(readEnv({ ...env, TABLEAU_SECRET_VALUE: '' }))).toBeUndefined();
    expect(() => readEnv({ ...env, TABLEAU_SERVER_URL: 'not a url' })).toThrow(/TABLEAU_SERVER_URL/);
  });

  it("asks for another template when the project's template was deleted", async () => {
    const doomed = await seedTemplate(t, 'Doomed', 'MEDIA');
    const id = await sharedProject(t, people, doomed, 'Orphaned');
    expect((await t.call('DELETE', `/api/templates/${doomed}`, { token: people.globalAdmin.token })).status).toBe(403);
    await t.db.deleteFrom('templates').where('id', '=', doomed).execute();
    const project = await t.call('GET', `/api/projects/${id}`, { token: people.owner.token });
    expect(project.body.data).toMatchObject({ templateId: null, templateName: null });
    const reply = await t.call('GET', `/api/projects/${id}/dashboard-token`, { token: people.owner.token });
    expect(reply.status).toBe(409);
    expect(reply.body.resultMessage).toMatch(/no dashboard template/);
  });

  it('says plainly when Tableau is not configured', async () => {
    const id = await sharedProject(t, people, media, 'No Tableau');
    const bare = await startSiblingApp(t, { tableau: undefined });
    try {
      const reply = await bare.app.inject({ method: 'GET', url: `/api/projects/${id}/dashboard-token`, headers: { authorization: `Bearer ${people.owner.token}` } });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toMatchObject({ result: 'TABLEAU_NOT_CONFIGURED', resultMessage: expect.stringMatching(/not configured/) });
    } finally {
      await bare.close();
    }
  });
});
