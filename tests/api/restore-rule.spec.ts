import { describe, expect, it } from 'vitest';
import { signedInAccount, type TestApp, withDemoData } from './harness';
import { createFormOf, LIST_FILTERS } from './record-forms';
import { marketAccount } from '../fakes/collect-fixtures';
import { recordRestorers } from '../../server/http/record-readers';
import { declarations } from '../../server/http/resource-declarations';
import { authorityOf, type Authority, type SharePrivilege } from '../../src/shared';
import { operationsOf } from '../../src/shared/resources/define';

/**
 * The restore rule: restoring a deleted record (POST /api/activity/:id/restore) is allowed exactly
 * when the same person could create that record through its create route now. For every declared
 * resource with a create and a delete (the factory registers a restore for exactly those), the
 * person who deleted it (who may restore without reading the whole log) loses the right to create
 * it: a lower rank without the creator and uploader flags and, for a record of a project, each share
 * privilege in turn. In each state the create route is asked with the record's create form first:
 * where it refuses, the restore is refused with the same status and words and writes nothing; where
 * it accepts, its twin is deleted and the restore succeeds. With the rights back, it succeeds.
 */

let t: TestApp;
let token: string;
withDemoData((suite) => ({ t, token } = suite));

const restorable = declarations.filter((declaration) => ['create', 'delete'].every((operation) => operationsOf(declaration).includes(operation as 'create')));
const PASSWORD = 'Passw0rd!';
const PRIVILEGES: SharePrivilege[] = ['VIEWER', 'EDITOR', 'OWNER'];

interface Entry {
  id: number;
}

async function newestEntry(): Promise<Entry> {
  const page = await t.call('GET', `/api/activity?range=${encodeURIComponent('[0,0]')}`, { token });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.data.list[0] as Entry;
}

/** Records of resources whose demo records are all in use: one made to be deleted. */
const FRESH: Record<string, () => Record<string, unknown>> = {
  'market-accounts': () => marketAccount({ accountId: 'act-restore-rule', name: 'Restore Rule Ads' }),
  properties: () => ({ kind: 'countries', code: 'QZ', name: 'Restore Rule Land', no: 99, regionCode: 'APAC' }),
  terms: () => ({ title: 'Restore rule term', type: 'POST', activeFlag: 'Y', termsVersion: '1.0', effectiveAt: t.clock.now().toISOString(), content: '<p>Text</p>' }),
};

/** Ids of the list at `api` (its screen's filter), leaving out the person `not` (their own share). */
async function idsOf(name: string, api: string, not: string): Promise<string[]> {
  const firstId = async (list: string) => String((await t.call('GET', `${list}?range=${encodeURIComponent('[0,0]')}`, { token })).body.data.list[0].id);
  const filter = (await LIST_FILTERS[name]?.(firstId)) ?? {};
  const page = await t.call('GET', `${api}?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return (page.body.data.list as { id: string | number; email?: string }[]).filter((row) => row.email !== not).map((row) => String(row.id));
}

describe('the restore rule: a restore is the record’s create', () => {
  it('covers every resource the factory registers a restore for, and those are the declared ones with a create and a delete', () => {
    expect(restorable.length).toBeGreaterThanOrEqual(14);
    expect([...recordRestorers(t.app.ctx).keys()].sort()).toEqual(restorable.map((declaration) => declaration.name).sort());
  });

  describe.each(restorable.map((declaration) => [declaration.name, declaration] as const))('%s', (name, declaration) => {
    const api = `/api${declaration.path}`;
    const urlOf = (id: string) => `${api}/${encodeURIComponent(id)}`;

    it('is refused, in the create’s words and writing nothing, to whoever may not create it now, and allowed once they may', async () => {
      const email = `restore-rule-${name}@example.com`;
      const deleter = await signedInAccount(t, email, 'system-admin', { creator_flag: 'Y', uploader_flag: 'Y' });
      let callerToken = deleter.token;
      /** The deleter's rank and flags now: signed in again, so nothing of the old session is reused. */
      async function become(authority: Authority, flag: 'Y' | 'N') {
        await t.db.updateTable('admins').set({ authority, creator_flag: flag, uploader_flag: flag }).where('id', '=', deleter.id).execute();
        callerToken = (await t.signIn(email, PASSWORD)).accessToken;
      }

      // The deleter deletes a record (the first of the list that can be: others are in use).
      const fresh = FRESH[name];
      let ids: string[];
      if (fresh) {
        const created = await t.call('POST', api, { token, body: fresh() });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        ids = [String(created.body.data.id)];
      } else ids = await idsOf(name, api, email);
      let deleted: { id: string; record: Record<string, any>; entry: Entry } | undefined;
      for (const id of ids) {
        const record = (await t.call('GET', urlOf(id), { token })).body.data;
        const answer = await t.call('DELETE', urlOf(id), { token: callerToken });
        if (answer.status === 200) {
          deleted = { id, record, entry: await newestEntry() };
          break;
        }
      }
      if (!deleted) throw new Error(`${api}: no record could be deleted`);
      const { id, record, entry } = deleted;
      const form = createFormOf(name, record);
      const restore = () => t.call('POST', `/api/activity/${entry.id}/restore`, { token: callerToken });

      /** One state of the deleter: the create route's answer first, then the restore's, the same; answers whether it was restored. */
      async function sameAsCreate(state: string): Promise<boolean> {
        const before = await newestEntry();
        const create = await t.call('POST', api, { token: callerToken, body: form });
        if (create.status === 200) {
          // They may create it: the twin goes, and the restore succeeds.
          expect((await t.call('DELETE', urlOf(String(create.body.data.id)), { token })).status, state).toBe(200);
          const restored = await restore();
          expect(restored.status, `${state}: ${JSON.stringify(restored.body)}`).toBe(200);
          return true;
        }
        expect([403, 404], `${state}: the create refuses ${JSON.stringify(create.body)}`).toContain(create.status);
        const refused = await restore();
        expect(refused.status, `${state}: ${JSON.stringify(refused.body)}`).toBe(create.status);
        expect(refused.body.resultMessage, state).toBe(create.body.resultMessage);
        expect((await t.call('GET', urlOf(id), { token })).status, state).toBe(404);
        expect((await newestEntry()).id, state).toBe(before.id);
        return false;
      }

      // A rank below the write rank (where every rank writes, a user), without the creator and uploader flags, sharing nothing.
      await become(authorityOf(declaration.rank.write + 1) ?? 'user', 'N');
      expect(await sameAsCreate('a lower rank')).toBe(false);
      let restored = false;
      // A record of a project: a user holding each share privilege in turn, until the create accepts them.
      const projectId = record.projectId as number | undefined;
      if (projectId !== undefined) {
        await become('user', 'N');
        const shared = await t.call('POST', '/api/project-shares', { token, body: { projectId, email, privilege: 'VIEWER' } });
        expect(shared.status, JSON.stringify(shared.body)).toBe(200);
        for (const privilege of PRIVILEGES) {
          if (privilege !== 'VIEWER') expect((await t.call('PUT', `/api/project-shares/${shared.body.data.id}`, { token, body: { privilege } })).status).toBe(200);
          restored = await sameAsCreate(`a user sharing the project as ${privilege}`);
          if (restored) break;
        }
        expect(restored, 'an owner of the project may create it').toBe(true);
      }
      if (!restored) {
        // The rights back: the restore succeeds.
        await become('system-admin', 'Y');
        const back = await restore();
        expect(back.status, JSON.stringify(back.body)).toBe(200);
      }
      expect((await t.call('GET', urlOf(id), { token })).status).toBe(200);
    });
  });

  it('refuses a share whose person no longer has an active account, in the create’s words, and writes nothing', async () => {
    const person = await signedInAccount(t, 'restore-rule-leaver@example.com', 'user');
    const projectId = Number((await t.call('GET', `/api/projects?range=${encodeURIComponent('[0,0]')}`, { token })).body.data.list[0].id);
    const shared = await t.call('POST', '/api/project-shares', { token, body: { projectId, email: person.email, privilege: 'EDITOR' } });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect((await t.call('DELETE', `/api/project-shares/${shared.body.data.id}`, { token })).status).toBe(200);
    const entry = await newestEntry();
    await t.db.updateTable('admins').set({ status_code: 'INACTIVE' }).where('id', '=', person.id).execute();
    const create = await t.call('POST', '/api/project-shares', { token, body: { projectId, email: person.email, privilege: 'EDITOR' } });
    const refused = await t.call('POST', `/api/activity/${entry.id}/restore`, { token });
    expect(refused.status, JSON.stringify(refused.body)).toBe(create.status);
    expect(refused.body.resultMessage).toBe(create.body.resultMessage);
    expect((refused.body as { errors?: unknown }).errors).toEqual((create.body as { errors?: unknown }).errors);
    expect((await t.call('GET', `/api/project-shares/${shared.body.data.id}`, { token })).status).toBe(404);
    expect((await newestEntry()).id).toBe(entry.id);
  });
});
