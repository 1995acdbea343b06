import { describe, expect, it } from 'vitest';
import { signedInAccount, type TestApp, withDemoData } from './harness';
import { editFormOf, LIST_FILTERS } from './record-forms';
import { marketAccount } from '../fakes/collect-fixtures';
import { withoutLinkKeys } from '../../server/http/record-readers';
import { declarations } from '../../server/http/resource-declarations';
import { authorityOf } from '../../src/shared';
import { operationsOf } from '../../src/shared/resources/define';

/**
 * Restoring a deleted record from the activity log: for every declared resource with a delete, the
 * record comes back with its id and the same read answer (its children with it), recorded as a
 * restore naming the delete; a rank that may not create it is refused; a record whose name another
 * has taken meanwhile is refused with the create's own words, and nothing is written.
 */

let t: TestApp;
let token: string;
withDemoData((suite) => ({ t, token } = suite));

const deletable = declarations.filter((declaration) => operationsOf(declaration).includes('delete'));

interface Entry {
  id: number;
  action: string;
  resource: string;
  recordId: string;
  params: Record<string, unknown>;
}

/** The newest entry of the log: the tests here run one after another, so it is the last write's. */
async function newestEntry(): Promise<Entry> {
  const page = await t.call('GET', `/api/activity?range=${encodeURIComponent('[0,0]')}`, { token });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.data.list[0] as Entry;
}

/** What the log says of a delete entry being restored: on the log's page, in its record's history, and read alone. */
async function restoredSays(entry: Entry): Promise<unknown[]> {
  const pageOf = async (filter: Record<string, unknown>) => {
    const page = await t.call('GET', `/api/activity?range=${encodeURIComponent('[0,49]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return (page.body.data.list as (Entry & { restored?: boolean })[]).find((one) => one.id === entry.id)?.restored;
  };
  const alone = await t.call('GET', `/api/activity/${entry.id}`, { token });
  expect(alone.status, JSON.stringify(alone.body)).toBe(200);
  return [await pageOf({ action: entry.action }), await pageOf({ resource: entry.resource, recordId: entry.recordId }), alone.body.data.restored];
}

/** Ids in the list at `api` (its screen's filter), newest first as the list answers them. */
async function idsOf(name: string, api: string): Promise<string[]> {
  const firstId = async (list: string) => String((await t.call('GET', `${list}?range=${encodeURIComponent('[0,0]')}`, { token })).body.data.list[0].id);
  const filter = (await LIST_FILTERS[name]?.(firstId)) ?? {};
  const page = await t.call('GET', `${api}?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return (page.body.data.list as { id: string | number }[]).map((row) => String(row.id));
}

/** Records of resources whose demo records are all in use (a code, an account, an agreed term): one made to be deleted, the `n`th. */
const FRESH: Record<string, (n: number) => Record<string, unknown>> = {
  'market-accounts': (n) => marketAccount({ accountId: `act-restore-${n}`, name: `Restore Ads ${n}` }),
  properties: (n) => ({ kind: 'countries', code: `Q${'ABCDEFGHIJKL'[n]}`, name: `Restoria ${n}`, no: 90 + n, regionCode: 'APAC' }),
  terms: (n) => ({ title: `Restore term ${n}`, type: 'POST', activeFlag: 'Y', termsVersion: '1.0', effectiveAt: t.clock.now().toISOString(), content: '<p>Text</p>' }),
};
let made = 0;

describe('restoring a deleted record', () => {
  it('covers every declared resource with a delete', () => {
    expect(deletable.length).toBeGreaterThan(10);
  });

  describe.each(deletable.map((declaration) => [declaration.name, declaration] as const))('%s', (name, declaration) => {
    const api = `/api${declaration.path}`;
    const urlOf = (id: string) => `${api}/${encodeURIComponent(id)}`;

    /** Deletes the first record of the list that can be deleted (others are in use): its read answer, edit form and the delete's entry. */
    async function deleteOne(): Promise<{ id: string; read: unknown; form: Record<string, unknown>; entry: Entry }> {
      const fresh = FRESH[name];
      let ids: string[];
      if (fresh) {
        const created = await t.call('POST', api, { token, body: fresh(made++) });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        ids = [String(created.body.data.id)];
      } else ids = await idsOf(name, api);
      for (const id of ids) {
        const read = (await t.call('GET', urlOf(id), { token })).body.data;
        const form = await editFormOf(t, token, name, id);
        const deleted = await t.call('DELETE', urlOf(id), { token });
        if (deleted.status === 200) return { id, read, form, entry: await newestEntry() };
      }
      throw new Error(`${api}: no record could be deleted`);
    }

    it('brings the record back whole: same id, same read answer, recorded as a restore naming the delete', async () => {
      const { id, read, entry } = await deleteOne();
      expect((await t.call('GET', urlOf(id), { token })).status).toBe(404);
      expect(await restoredSays(entry), 'the delete entry, not yet restored').toEqual([false, false, false]);
      const restored = await t.call('POST', `/api/activity/${entry.id}/restore`, { token });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(restored.body.resultMessage).toMatch(/ has been restored\.$/);
      const again = await t.call('GET', urlOf(id), { token });
      expect(again.status).toBe(200);
      // File links are signed anew on each read: the same files, a new key.
      expect(withoutLinkKeys(again.body.data)).toEqual(withoutLinkKeys(read));
      const restore = await newestEntry();
      expect(restore.action).toBe('restore');
      expect(restore.params).toMatchObject({ restoreOf: entry.id });
      expect(await restoredSays(entry), 'the delete entry, restored').toEqual([true, true, true]);
      // Restored once: a second restore writes nothing.
      const twice = await t.call('POST', `/api/activity/${entry.id}/restore`, { token });
      expect(twice.status, JSON.stringify(twice.body)).toBe(409);
      expect((await newestEntry()).id).toBe(restore.id);
    });

    it('refuses someone who may not create the record', async () => {
      const { id, entry } = await deleteOne();
      const below = authorityOf(declaration.rank.write + 1) ?? 'user';
      const outsider = (await signedInAccount(t, `restore-${name}@example.com`, below)).token;
      const refused = await t.call('POST', `/api/activity/${entry.id}/restore`, { token: outsider });
      expect([403, 404], JSON.stringify(refused.body)).toContain(refused.status);
      expect((await t.call('GET', urlOf(id), { token })).status).toBe(404);
      expect((await t.call('POST', `/api/activity/${entry.id}/restore`, { token })).status).toBe(200);
    });

    it('refuses, in the create’s words, a record whose name another has taken, and writes nothing', async () => {
      const { id, form, entry } = await deleteOne();
      // Another record made with its values; where the values need not be unique, a second one is made too.
      const twin = await t.call('POST', api, { token, body: form });
      if (twin.status !== 200) {
        // A create takes more than the edit form (a term's first version): its taken name is the unique check of the same table, tested by the restore below.
        expect([400, 409], JSON.stringify(twin.body)).toContain(twin.status);
        return;
      }
      const taken = await t.call('POST', api, { token, body: form });
      const before = await newestEntry();
      const restored = await t.call('POST', `/api/activity/${entry.id}/restore`, { token });
      if (taken.status === 409) {
        expect(restored.status, JSON.stringify(restored.body)).toBe(409);
        expect(restored.body.resultMessage).toBe(taken.body.resultMessage);
        expect((await t.call('GET', urlOf(id), { token })).status).toBe(404);
        expect((await newestEntry()).id).toBe(before.id);
      } else if (restored.status !== 200) {
        // Its values need not be unique, but one active at a time (a mail template per type and language): refused in words, nothing written.
        expect(restored.status, JSON.stringify(restored.body)).toBe(409);
        expect(restored.body.resultMessage).toMatch(/\w/);
        expect((await t.call('GET', urlOf(id), { token })).status).toBe(404);
        expect((await newestEntry()).id).toBe(before.id);
      }
    });
  });

  it('refuses an entry that is no delete, and says so in words', async () => {
    const page = await t.call('GET', `/api/activity?range=${encodeURIComponent('[0,0]')}&filter=${encodeURIComponent(JSON.stringify({ action: 'create' }))}`, { token });
    const entry = page.body.data.list[0] as Entry;
    const refused = await t.call('POST', `/api/activity/${entry.id}/restore`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMessage).toBe('Only a deleted record can be restored: this entry is no delete whose record the log kept.');
    expect((await t.call('POST', '/api/activity/999999/restore', { token })).status).toBe(404);
  });
});
