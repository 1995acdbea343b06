import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedInAccount, type TestApp, withTestApp } from './harness';
import { editFormOf, firstRecordId, LIST_FILTERS, otherValue } from './record-forms';
import { passwordHasher } from '../../server/auth/passwords';
import { declarations } from '../../server/http/resource-declarations';
import { seedDemo } from '../../server/ops/demo';
import { authorityOf, AUTHORITY_RANKS } from '../../src/shared';
import { operationsOf } from '../../src/shared/resources/define';

/**
 * Reverting a change from a record's history: for every declared resource with an update and a
 * history, the change's old values come back as a new change naming the one it reverts; a later
 * change to the same fields refuses it, in words, and nothing is written; a rank that may not edit
 * the record is refused.
 */

let t: TestApp;
let token: string;
let colleague: string;
const COLLEAGUE = 'kim@example.com';
withTestApp((app) => (t = app));
beforeAll(async () => {
  await seedDemo(t.db, { hasher: passwordHasher(t.config.passwordHash), files: t.app.ctx.files, force: true });
  token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  colleague = (await signedInAccount(t, COLLEAGUE, 'system-admin', { first_name: 'Kim', last_name: 'Colleague' })).token;
});

const revertible = declarations.filter((declaration) => declaration.history && operationsOf(declaration).includes('update'));

interface Entry {
  id: number;
  action: string;
  params: Record<string, unknown>;
  changes: { field: string; before: unknown; after: unknown }[];
}

async function latestEntry(resource: string, recordId: string): Promise<Entry> {
  const filter = encodeURIComponent(JSON.stringify({ resource, recordId }));
  const page = await t.call('GET', `/api/activity?range=${encodeURIComponent('[0,0]')}&filter=${filter}`, { token });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.data.list[0] as Entry;
}

describe('reverting a change', () => {
  it('covers every declared resource with an update and a history', () => {
    expect(revertible.length).toBeGreaterThan(10);
  });

  it('leaves out, of the resources with an update or a delete, only a share, whose changes its project logs (share-revert.spec.ts)', () => {
    const writable = declarations.filter((declaration) => operationsOf(declaration).some((operation) => operation === 'update' || operation === 'delete'));
    expect(writable.filter((declaration) => !revertible.includes(declaration)).map((declaration) => declaration.name)).toEqual(['project-shares']);
  });

  describe.each(revertible.map((declaration) => [declaration.name, declaration] as const))('%s', (name, declaration) => {
    const api = `/api${declaration.path}`;
    let id: string;
    let url: string;
    /** Saves the record with one field changed, as `who`: answers the field, its value before and the entry the save made. */
    async function change(who: string, only?: string): Promise<{ field: string; was: unknown; entry: Entry }> {
      // Saved once as it is first, so its values are as a save writes them (a code in capitals), as a revert writes them back.
      expect((await t.call('PUT', url, { token, body: await editFormOf(t, token, name, id) })).status).toBe(200);
      const form = await editFormOf(t, token, name, id);
      for (const [field, value] of Object.entries(form)) {
        if (only && field !== only) continue;
        const changed = otherValue(field, value);
        if (changed === undefined) continue;
        const saved = await t.call('PUT', url, { token: who, body: { ...form, [field]: changed } });
        if (saved.status !== 200) continue;
        const entry = await latestEntry(name, id);
        if (entry.changes.some((one) => one.field === field)) return { field, was: value, entry };
      }
      throw new Error(`${url}: no field of ${JSON.stringify(form)} could be changed`);
    }
    beforeAll(async () => {
      const firstId = (list: string, filter?: Record<string, unknown>) => firstRecordId(t, token, list, filter);
      id = await firstRecordId(t, token, api, await LIST_FILTERS[name]?.(firstId), { notEmails: [COLLEAGUE] });
      url = `${api}/${encodeURIComponent(id)}`;
    });

    it('puts the old values back as a new change naming the one it reverts', async () => {
      const { field, was, entry } = await change(colleague);
      const reverted = await t.call('POST', `/api/activity/${entry.id}/revert`, { token });
      expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
      expect(reverted.body.resultMessage).toBe('The change by Kim Colleague has been reverted.');
      expect((await t.call('GET', url, { token })).body.data[field]).toEqual(was);
      const revert = await latestEntry(name, id);
      expect(revert.id).toBeGreaterThan(entry.id);
      expect(revert.action).toBe('update');
      expect(revert.params).toMatchObject({ revertOf: entry.id, revertedActor: 'Kim Colleague' });
      expect(revert.changes.find((one) => one.field === field)).toMatchObject({ before: entry.changes.find((one) => one.field === field)!.after, after: was });
    });

    it('refuses, in words, to revert a change whose fields were changed since, and writes nothing', async () => {
      // Made first: a new account agrees to the terms, which counts on a term's record.
      const outsider = (await signedInAccount(t, `outsider-${name}@example.com`, authorityOf(declaration.rank.read + 1) ?? 'user')).token;
      const first = await change(token);
      await change(colleague, first.field);
      const before = await t.call('GET', url, { token });
      const refused = await t.call('POST', `/api/activity/${first.entry.id}/revert`, { token });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.result).toBe('CONFLICT');
      expect(refused.body.resultMessage).toMatch(/^Kim Colleague changed .+ at \d{4}-\d\d-\d\d \d\d:\d\d.*, after this change: reverting it would undo theirs too, so nothing was written\.$/);
      // Someone who may not read the record learns nothing of who changed it.
      if ((await t.call('GET', url, { token: outsider })).status !== 200) {
        const hidden = await t.call('POST', `/api/activity/${first.entry.id}/revert`, { token: outsider });
        expect([403, 404], JSON.stringify(hidden.body)).toContain(hidden.status);
        expect(hidden.body.resultMessage).not.toContain('Kim Colleague');
      }
      const after = await t.call('GET', url, { token });
      expect(after.headers.etag).toBe(before.headers.etag);
      expect((await latestEntry(name, id)).id).toBeGreaterThan(first.entry.id);
    });

    it('refuses someone who may not change the record', async () => {
      const { entry } = await change(token);
      const write = declaration.rank.write;
      // A rank below the write rank; where every rank may write (a project), someone it is not shared with.
      const below = authorityOf(write + 1) ?? 'user';
      const outsider = (await signedInAccount(t, `revert-${name}@example.com`, below)).token;
      const before = await t.call('GET', url, { token });
      const refused = await t.call('POST', `/api/activity/${entry.id}/revert`, { token: outsider });
      expect([403, 404], JSON.stringify(refused.body)).toContain(refused.status);
      expect((await t.call('GET', url, { token })).headers.etag).toBe(before.headers.etag);
      expect(AUTHORITY_RANKS[below].rank).toBeGreaterThanOrEqual(write);
    });
  });

  it('refuses an entry that is no change of a record, and one that does not exist', async () => {
    const id = await firstRecordId(t, token, '/api/domains');
    const form = await editFormOf(t, token, 'domains', id);
    const created = await t.call('POST', '/api/domains', { token, body: { ...form, domain: 'revert-made.example.com' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const entry = await latestEntry('domains', String(created.body.data.id));
    expect(entry.action).toBe('create');
    const refused = await t.call('POST', `/api/activity/${entry.id}/revert`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMessage).toBe('Only a change of a record can be reverted: this entry is not one.');
    const missing = await t.call('POST', '/api/activity/999999/revert', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.resultMessage).toBe('No such activity entry.');
  });

  it('refuses a change whose old value the log keeps only in part, and writes nothing', async () => {
    const id = await firstRecordId(t, token, '/api/email-templates');
    const url = `/api/email-templates/${id}`;
    const form = await editFormOf(t, token, 'email-templates', id);
    expect((await t.call('PUT', url, { token, body: { ...form, body: `${String(form.body)}\n${'Long text. '.repeat(60)}` } })).status).toBe(200);
    expect((await t.call('PUT', url, { token, body: form })).status).toBe(200);
    const shortened = await latestEntry('email-templates', id);
    const before = await t.call('GET', url, { token });
    const refused = await t.call('POST', `/api/activity/${shortened.id}/revert`, { token });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.resultMessage).toMatch(/^The log does not keep the whole old value of .+, so this change cannot be reverted\.$/);
    expect((await t.call('GET', url, { token })).headers.etag).toBe(before.headers.etag);
  });

  it('answers the reverted record with its new version as the ETag, as a save does', async () => {
    const id = await firstRecordId(t, token, '/api/holidays');
    const url = `/api/holidays/${id}`;
    const form = await editFormOf(t, token, 'holidays', id);
    const field = Object.keys(form).find((key) => otherValue(key, form[key]) !== undefined)!;
    expect((await t.call('PUT', url, { token: colleague, body: { ...form, [field]: otherValue(field, form[field]) } })).status).toBe(200);
    const before = (await t.call('GET', url, { token })).headers.etag;
    const reverted = await t.call('POST', `/api/activity/${(await latestEntry('holidays', id)).id}/revert`, { token });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(reverted.body.data[field]).toEqual(form[field]);
    expect(reverted.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(reverted.headers.etag).not.toBe(before);
    expect(reverted.headers.etag).toBe((await t.call('GET', url, { token })).headers.etag);
  });

  it('says a refusal in Korean to a Korean reader', async () => {
    const missing = await t.call('POST', '/api/activity/999999/revert', { token, headers: { 'accept-language': 'ko' } });
    expect(missing.body.resultMessage).toBe('해당 활동 기록이 없습니다.');
  });
});
