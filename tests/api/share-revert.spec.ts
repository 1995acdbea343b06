import { beforeAll, describe, expect, it } from 'vitest';
import { LOGGED_UNDER, loggedRecordOf, offersRevert, type ActivityEntry } from '../../src/shared/activity';
import { ACTIVITY_ROUTES, isRecorded } from '../../server/modules/activity/routes-table';
import { declarations } from '../../server/http/resource-declarations';
import { signedInAccount, type TestApp, withTestApp } from './harness';
import { listQuery, projectPeople, seedTemplate, sharedProject, TABLEAU } from './projects-fixtures';

/**
 * Reverting a share's privilege change from its project's history: the share's own update saves
 * the old privilege again, logged on the project as a share change naming the entry it reverts;
 * a later change of the same share refuses it in words, someone who may not change the share is
 * refused, and an entry logged before entries named their share offers no revert.
 */

let t: TestApp;
let people: Awaited<ReturnType<typeof projectPeople>>;
let media: number;
let coOwner: { id: number; email: string; token: string };
withTestApp((app) => (t = app), { tableau: TABLEAU });
beforeAll(async () => {
  people = await projectPeople(t);
  media = await seedTemplate(t, 'Media Overview', 'MEDIA');
  coOwner = await signedInAccount(t, 'co-owner@example.com', 'user', { first_name: 'Kim', last_name: 'Colleague' });
});

/** A project shared with the viewer, the editor and a second owner, and its shares by e-mail. */
async function project(name: string) {
  const id = await sharedProject(t, people, media, name);
  const added = await t.call('POST', '/api/project-shares', { token: people.owner.token, body: { projectId: id, email: coOwner.email, privilege: 'OWNER' } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const list = (await t.call('GET', `/api/project-shares?${listQuery({ filter: { projectId: id } })}`, { token: people.owner.token })).body.data.list as { id: number; email: string }[];
  const shareOf = (email: string) => `/api/project-shares/${list.find((share) => share.email === email)!.id}`;
  return { id, editor: shareOf(people.editor.email), viewer: shareOf(people.viewer.email) };
}

async function latestEntry(projectId: number): Promise<ActivityEntry> {
  const filter = encodeURIComponent(JSON.stringify({ resource: 'projects', recordId: String(projectId) }));
  const page = await t.call('GET', `/api/activity?range=${encodeURIComponent('[0,0]')}&filter=${filter}`, { token: people.owner.token });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.data.list[0] as ActivityEntry;
}

/** Changes a share's privilege as `token`: answers the project entry it made. */
async function change(projectId: number, share: string, privilege: string, token: string): Promise<ActivityEntry> {
  const saved = await t.call('PUT', share, { token, body: { privilege } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const entry = await latestEntry(projectId);
  expect(entry.action).toBe('share-change');
  return entry;
}

const privilegeOf = async (share: string) => (await t.call('GET', share, { token: people.owner.token })).body.data.privilege as string;

describe('reverting a share change', () => {
  it('puts the old privilege back through the share, logged on its project naming the entry it reverts', async () => {
    const { id, editor } = await project('Share revert');
    const entry = await change(id, editor, 'VIEWER', coOwner.token);
    expect(entry.params.shareId).toBe(Number(editor.split('/').pop()));
    expect(offersRevert(entry)).toBe(true);
    const reverted = await t.call('POST', `/api/activity/${entry.id}/revert`, { token: people.owner.token });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(reverted.body.resultMessage).toBe('The change by Kim Colleague has been reverted.');
    expect(reverted.body.data.privilege).toBe('EDITOR');
    expect(await privilegeOf(editor)).toBe('EDITOR');
    const revert = await latestEntry(id);
    expect(revert.id).toBeGreaterThan(entry.id);
    expect(revert.action).toBe('share-change');
    expect(revert.params).toMatchObject({ privilege: 'EDITOR', shareId: entry.params.shareId, revertOf: entry.id, revertedActor: 'Kim Colleague' });
    expect(revert.changes).toEqual([{ field: 'privilege', before: 'VIEWER', after: 'EDITOR' }]);
  });

  it('refuses, in words, a change of a share changed since, and writes nothing; another share’s change does not count', async () => {
    const { id, editor, viewer } = await project('Share revert later');
    const first = await change(id, editor, 'OWNER', people.owner.token);
    await change(id, editor, 'VIEWER', coOwner.token);
    const latest = await latestEntry(id);
    const refused = await t.call('POST', `/api/activity/${first.id}/revert`, { token: people.owner.token });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.resultMessage).toMatch(/^Kim Colleague changed .+ at \d{4}-\d\d-\d\d \d\d:\d\d.*, after this change: reverting it would undo theirs too, so nothing was written\.$/);
    expect(await privilegeOf(editor)).toBe('VIEWER');
    expect((await latestEntry(id)).id).toBe(latest.id);

    const own = await change(id, editor, 'EDITOR', people.owner.token);
    await change(id, viewer, 'EDITOR', coOwner.token);
    const reverted = await t.call('POST', `/api/activity/${own.id}/revert`, { token: people.owner.token });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(await privilegeOf(editor)).toBe('VIEWER');
  });

  it('refuses someone who may not change the project’s shares (a viewer, an editor), and writes nothing', async () => {
    const { id, viewer } = await project('Share revert rights');
    const entry = await change(id, viewer, 'EDITOR', people.owner.token);
    for (const who of [people.viewer, people.editor]) {
      const refused = await t.call('POST', `/api/activity/${entry.id}/revert`, { token: who.token });
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    }
    expect(await privilegeOf(viewer)).toBe('EDITOR');
    expect((await latestEntry(id)).id).toBe(entry.id);
  });

  it('offers no revert of an entry logged before entries named their share', async () => {
    const { id, editor } = await project('Share revert old entry');
    const entry = await change(id, editor, 'VIEWER', people.owner.token);
    const { shareId: _shareId, ...params } = entry.params;
    await t.db
      .updateTable('activity_log')
      .set({ params: JSON.stringify(params) })
      .where('id', '=', entry.id)
      .execute();
    const old = await latestEntry(id);
    expect(old.params.shareId).toBeUndefined();
    expect(offersRevert(old)).toBe(false);
    const refused = await t.call('POST', `/api/activity/${entry.id}/revert`, { token: people.owner.token });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.resultMessage).toBe('Only a change of a record can be reverted: this entry is not one.');
    expect(await privilegeOf(editor)).toBe('VIEWER');
  });
});

/** What each recorded share route is called with here, on a project from project(): answers the share it wrote. */
const SHARE_CALLS: Record<string, (shares: Awaited<ReturnType<typeof project>>) => Promise<string>> = {
  'POST /api/project-shares': async ({ id }) => {
    const added = await t.call('POST', '/api/project-shares', { token: people.owner.token, body: { projectId: id, email: people.stranger.email, privilege: 'VIEWER' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return `/api/project-shares/${added.body.data.id}`;
  },
  'PUT /api/project-shares/:id': async ({ viewer }) => {
    expect((await t.call('PUT', viewer, { token: people.owner.token, body: { privilege: 'EDITOR' } })).status).toBe(200);
    return viewer;
  },
  'DELETE /api/project-shares/:id': async ({ viewer }) => {
    expect((await t.call('DELETE', viewer, { token: people.owner.token })).status).toBe(200);
    return viewer;
  },
};
const shareRoutes = Object.entries(ACTIVITY_ROUTES).filter(([route, declared]) => route.split(' ')[1].startsWith('/api/project-shares') && isRecorded(declared));
const idOf = (share: string) => Number(share.split('/').pop());

describe('every share entry names its share', () => {
  it('covers every recorded share route', () => {
    expect(shareRoutes.map(([route]) => route).sort()).toEqual(Object.keys(SHARE_CALLS).sort());
  });

  it.each(shareRoutes)('%s is logged on the project with the share’s id', async (route, declared) => {
    const shares = await project(`Share entry ${route}`);
    const share = await SHARE_CALLS[route](shares);
    const entry = await latestEntry(shares.id);
    expect(entry.action).toBe((declared as { action: string }).action);
    expect(entry.params.shareId).toBe(idOf(share));
    expect(loggedRecordOf(entry)).toMatchObject({ resource: 'project-shares', recordId: String(idOf(share)) });
  });

  it.each([...LOGGED_UNDER])('%s, logged under another record, has no history of its own and its writes are logged there as declared', (name, under) => {
    const declaration = declarations.find((one) => one.name === name)!;
    expect(declaration.history).toBeUndefined();
    const api = `/api${declaration.path}`;
    const logged = { create: ACTIVITY_ROUTES[`POST ${api}`], update: ACTIVITY_ROUTES[`PUT ${api}/:id`], delete: ACTIVITY_ROUTES[`DELETE ${api}/:id`] };
    for (const [operation, route] of Object.entries(logged)) expect(route).toMatchObject({ resource: under.resource, action: under.actions[operation as keyof typeof logged] });
  });
});

describe('reverting a stopped share', () => {
  /** Stops sharing the project with the editor as `token`: answers the "stopped sharing" entry. */
  async function stop(projectId: number, share: string, token = people.owner.token): Promise<ActivityEntry> {
    const removed = await t.call('DELETE', share, { token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const entry = await latestEntry(projectId);
    expect(entry.action).toBe('unshare');
    return entry;
  }

  it('brings the share back with its id and privilege, logged on its project naming the share and the entry it undoes', async () => {
    const { id, editor } = await project('Unshare revert');
    const entry = await stop(id, editor, coOwner.token);
    expect(entry.params.shareId).toBe(idOf(editor));
    expect(entry.changes).toEqual([{ field: 'privilege', before: 'EDITOR', after: null }]);
    expect(offersRevert(entry)).toBe(true);
    expect((await t.call('GET', editor, { token: people.owner.token })).status).toBe(404);

    const reverted = await t.call('POST', `/api/activity/${entry.id}/revert`, { token: people.owner.token });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(reverted.body.resultMessage).toBe('The change by Kim Colleague has been reverted.');
    expect(reverted.body.data).toMatchObject({ id: idOf(editor), email: people.editor.email, privilege: 'EDITOR' });
    expect(await privilegeOf(editor)).toBe('EDITOR');
    // The editor reads the project again.
    expect((await t.call('GET', `/api/projects/${id}`, { token: people.editor.token })).status).toBe(200);

    const back = await latestEntry(id);
    expect(back.id).toBeGreaterThan(entry.id);
    expect(back.action).toBe('restore');
    expect(back.params).toMatchObject({ restoreOf: entry.id, shareId: idOf(editor), person: entry.params.person, privilege: 'EDITOR' });

    // Brought back once: a second revert writes nothing.
    const twice = await t.call('POST', `/api/activity/${entry.id}/revert`, { token: people.owner.token });
    expect(twice.status, JSON.stringify(twice.body)).toBe(409);
    expect(twice.body.resultMessage).toBe('This share entry is already back: it was restored before, so nothing was written.');
    expect((await latestEntry(id)).id).toBe(back.id);
  });

  it('is refused to whoever does not own the project (a viewer, an editor, a stranger), by revert and by restore alike, and writes nothing', async () => {
    const { id, viewer } = await project('Unshare revert rights');
    const entry = await stop(id, viewer);
    for (const who of [people.viewer, people.editor, people.stranger]) {
      for (const how of ['revert', 'restore']) {
        const refused = await t.call('POST', `/api/activity/${entry.id}/${how}`, { token: who.token });
        expect(refused.status, `${how} ${JSON.stringify(refused.body)}`).toBe(403);
      }
    }
    expect((await t.call('GET', viewer, { token: people.owner.token })).status).toBe(404);
    expect((await latestEntry(id)).id).toBe(entry.id);
    // Another owner may.
    expect((await t.call('POST', `/api/activity/${entry.id}/revert`, { token: coOwner.token })).status).toBe(200);
    expect(await privilegeOf(viewer)).toBe('VIEWER');
  });

  it('refuses, in words, a person who has a share of the project again, and writes nothing', async () => {
    const { id, editor } = await project('Unshare revert shared again');
    const entry = await stop(id, editor);
    const again = await t.call('POST', '/api/project-shares', { token: people.owner.token, body: { projectId: id, email: people.editor.email, privilege: 'VIEWER' } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const latest = await latestEntry(id);
    const refused = await t.call('POST', `/api/activity/${entry.id}/revert`, { token: people.owner.token });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.resultMessage).toBe(`${people.editor.email} already has access to this project; change their privilege instead.`);
    const ko = await t.call('POST', `/api/activity/${entry.id}/revert`, { token: people.owner.token, headers: { 'accept-language': 'ko' } });
    expect(ko.status).toBe(409);
    expect(ko.body.resultMessage).toMatch(/[가-힣]/);
    expect((await latestEntry(id)).id).toBe(latest.id);
    expect(await privilegeOf(`/api/project-shares/${again.body.data.id}`)).toBe('VIEWER');
  });

  it('makes a share’s earlier change unrevertible once the share has ended, naming who ended it', async () => {
    const { id, editor } = await project('Unshare after change');
    const changed = await change(id, editor, 'VIEWER', people.owner.token);
    await stop(id, editor, coOwner.token);
    const refused = await t.call('POST', `/api/activity/${changed.id}/revert`, { token: people.owner.token });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.resultMessage).toMatch(/^Kim Colleague changed Privilege at /);
  });

  it('offers no revert of a stopped share logged before entries named their share (Restore still brings it back)', async () => {
    const { id, editor } = await project('Unshare old entry');
    const entry = await stop(id, editor);
    const { shareId: _shareId, ...params } = entry.params;
    await t.db
      .updateTable('activity_log')
      .set({ params: JSON.stringify(params), changes: '[]' })
      .where('id', '=', entry.id)
      .execute();
    const old = await latestEntry(id);
    expect(offersRevert(old)).toBe(false);
    const refused = await t.call('POST', `/api/activity/${entry.id}/revert`, { token: people.owner.token });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect((await t.call('POST', `/api/activity/${entry.id}/restore`, { token: people.owner.token })).status).toBe(200);
    expect(await privilegeOf(editor)).toBe('EDITOR');
  });
});

describe('a stale share write', () => {
  it('names who changed the share from its project’s entries naming it, not another share’s', async () => {
    const { id, editor, viewer } = await project('Share stale');
    const read = await t.call('GET', editor, { token: people.owner.token });
    const version = read.headers.etag as string;
    await change(id, editor, 'VIEWER', coOwner.token);
    await change(id, viewer, 'EDITOR', people.owner.token);
    const refused = await t.call('PUT', editor, { token: people.owner.token, body: { privilege: 'OWNER' }, headers: { 'if-match': version } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(412);
    expect(refused.body.data).toMatchObject({ changedBy: 'Kim Colleague', fields: ['privilege'] });
  });
});
