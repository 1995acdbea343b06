import { beforeAll, describe, expect, it } from 'vitest';
import { offersRevert, type ActivityEntry } from '../../src/shared/activity';
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
