import { describe, expect, it } from 'vitest';
import { MAX_LIST_STATE_FILTERS, MAX_LIST_STATE_LENGTH, MAX_PREFERENCES_PER_PERSON, MAX_PREFERENCE_KEY_LENGTH, MAX_PREFERENCE_VALUE_LENGTH } from '../../src/shared';
import { signedInAccount, type TestApp, withTestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

const read = (token: string) => t.call('GET', '/api/system/preferences', { token });
const save = (token: string, key: string, value: unknown) => t.call('PUT', `/api/system/preferences/${key}`, { token, body: { value } });
const remove = (token: string, key: string) => t.call('DELETE', `/api/system/preferences/${key}`, { token });

const view = { label: 'Korean domains', value: { filter: { q: 'kr' }, sort: { field: 'domain', order: 'ASC' }, perPage: 10, displayedFilters: [] } };

describe('list preferences', () => {
  it('keeps each person their own: saved, replaced, read back, deleted; another person never sees them', async () => {
    const ann = await signedInAccount(t, 'pref-ann@example.com', 'global-admin');
    const bob = await signedInAccount(t, 'pref-bob@example.com', 'system-admin');
    expect((await save(ann.token, 'domains.savedQueries', [view])).status).toBe(200);
    expect((await save(ann.token, 'domains.datatable', ['createdAt'])).status).toBe(200);
    expect((await save(ann.token, 'domains.datatable', ['createdAt', 'updatedAt'])).status).toBe(200);
    expect((await save(bob.token, 'domains.datatable', [])).status).toBe(200);

    expect((await read(ann.token)).body.data.preferences).toEqual({ 'domains.savedQueries': [view], 'domains.datatable': ['createdAt', 'updatedAt'] });
    // The highest rank reads its own only, and cannot remove another's under the same key.
    expect((await read(bob.token)).body.data.preferences).toEqual({ 'domains.datatable': [] });
    expect((await remove(bob.token, 'domains.savedQueries')).status).toBe(200);
    expect((await read(ann.token)).body.data.preferences['domains.savedQueries']).toEqual([view]);

    expect((await remove(ann.token, 'domains.datatable')).status).toBe(200);
    expect((await read(ann.token)).body.data.preferences).toEqual({ 'domains.savedQueries': [view] });
    expect((await read(bob.token)).body.data.preferences).toEqual({ 'domains.datatable': [] });
  });

  it('outlives sign-out: the next session of the same person reads them', async () => {
    const cat = await signedInAccount(t, 'pref-cat@example.com', 'global-admin');
    await save(cat.token, 'users.savedQueries', [view]);
    expect((await t.call('POST', '/api/auth/signout', { token: cat.token })).status).toBe(200);
    expect((await read(cat.token)).status).toBe(401);
    const again = (await t.signIn('pref-cat@example.com', 'Passw0rd!')).accessToken;
    expect((await read(again)).body.data.preferences).toEqual({ 'users.savedQueries': [view] });
  });

  it('refuses a bad name, a missing or too large value and extra fields with a 400 in words, saving nothing', async () => {
    const dan = await signedInAccount(t, 'pref-dan@example.com', 'global-admin');
    const badKey = await save(dan.token, 'domains%20saved', [view]);
    expect(badKey.status).toBe(400);
    expect(badKey.body.resultMessage).toBe('key: A setting name uses letters, digits, dots, dashes and underscores.');
    expect((await save(dan.token, 'k'.repeat(MAX_PREFERENCE_KEY_LENGTH + 1), [])).status).toBe(400);
    const missing = await t.call('PUT', '/api/system/preferences/domains.datatable', { token: dan.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors[0]).toMatchObject({ field: 'value', message: 'required' });
    const large = await save(dan.token, 'domains.datatable', ['x'.repeat(MAX_PREFERENCE_VALUE_LENGTH)]);
    expect(large.status).toBe(400);
    expect(large.body.resultMessage).toBe(`value: A setting is at most ${MAX_PREFERENCE_VALUE_LENGTH} characters once written as JSON.`);
    const extra = await t.call('PUT', '/api/system/preferences/domains.datatable', { token: dan.token, body: { value: [], owner: 1 } });
    expect(extra.status).toBe(400);
    expect((await read(dan.token)).body.data.preferences).toEqual({});
  });

  it('bounds how many settings one person keeps, while an existing one can still be replaced', async () => {
    const eve = await signedInAccount(t, 'pref-eve@example.com', 'global-admin');
    const now = t.clock.now().toISOString();
    await t.db
      .insertInto('list_preferences')
      .values(Array.from({ length: MAX_PREFERENCES_PER_PERSON }, (_, index) => ({ admin_id: eve.id, key: `list${index}.datatable`, value: '[]', updated_at: now })))
      .execute();
    const refused = await save(eve.token, 'one-more.datatable', []);
    expect(refused.status).toBe(409);
    expect(refused.body.resultMessage).toBe(`You keep ${MAX_PREFERENCES_PER_PERSON} list settings already: delete a saved view first.`);
    expect((await save(eve.token, 'list0.datatable', ['name'])).status).toBe(200);
  });

  it("keeps each person's last state of a list as their own: another person neither reads nor overwrites it", async () => {
    const fay = await signedInAccount(t, 'pref-fay@example.com', 'global-admin');
    const gus = await signedInAccount(t, 'pref-gus@example.com', 'system-admin');
    const state = { filter: { activeFlag: 'N', q: 'kr' }, displayedFilters: { activeFlag: true }, sort: 'domain', order: 'DESC', perPage: 25 };
    expect((await save(fay.token, 'domains.listParams', { ...state, page: 4 })).status).toBe(200);
    expect((await save(fay.token, 'properties.business.listParams', { filter: {}, sort: 'name', order: 'ASC', perPage: 10, kind: 'business' })).status).toBe(200);
    // Kept without the page it was on or a tab's query words: the list reopens on its first page.
    expect((await read(fay.token)).body.data.preferences).toEqual({ 'domains.listParams': state, 'properties.business.listParams': { filter: {}, sort: 'name', order: 'ASC', perPage: 10 } });
    expect((await read(gus.token)).body.data.preferences).toEqual({});
    expect((await save(gus.token, 'domains.listParams', { filter: {} })).status).toBe(200);
    expect((await remove(gus.token, 'properties.business.listParams')).status).toBe(200);
    expect((await read(fay.token)).body.data.preferences['domains.listParams']).toEqual(state);
    expect((await read(fay.token)).body.data.preferences['properties.business.listParams']).toBeDefined();
    expect((await read(gus.token)).body.data.preferences).toEqual({ 'domains.listParams': { filter: {} } });
  });

  it("refuses a list's last state of another shape or beyond its bounds with a 400 in words, saving nothing", async () => {
    const hal = await signedInAccount(t, 'pref-hal@example.com', 'global-admin');
    const refusal = async (value: unknown) => {
      const answer = await save(hal.token, 'domains.listParams', value);
      expect(answer.status, JSON.stringify(value).slice(0, 80)).toBe(400);
      return answer.body;
    };
    expect((await refusal({ order: 'sideways' })).data.errors[0]).toMatchObject({ field: 'value.order' });
    expect((await refusal({ perPage: 0 })).data.errors[0]).toMatchObject({ field: 'value.perPage' });
    expect((await refusal({ perPage: 100_000 })).data.errors[0]).toMatchObject({ field: 'value.perPage' });
    expect((await refusal({ filter: 'activeFlag=N' })).data.errors[0]).toMatchObject({ field: 'value.filter' });
    expect((await refusal({ displayedFilters: { activeFlag: 'yes' } })).data.errors[0]).toMatchObject({ field: 'value.displayedFilters.activeFlag' });
    expect((await refusal(['domain'])).data.errors[0]).toMatchObject({ field: 'value' });
    const many = await refusal({ filter: Object.fromEntries(Array.from({ length: MAX_LIST_STATE_FILTERS + 1 }, (_, index) => [`field${index}`, 'x'])) });
    expect(many.resultMessage).toBe(`A list keeps at most ${MAX_LIST_STATE_FILTERS} filters.`);
    expect(many.data.errors[0]).toMatchObject({ field: 'value.filter' });
    const large = await refusal({ filter: { q: 'x'.repeat(MAX_LIST_STATE_LENGTH) } });
    expect(large.resultMessage).toBe(`A setting is at most ${MAX_LIST_STATE_LENGTH} characters once written as JSON.`);
    expect((await read(hal.token)).body.data.preferences).toEqual({});
  });

  it('needs a signed-in person', async () => {
    expect((await t.call('GET', '/api/system/preferences')).status).toBe(401);
    expect((await t.call('PUT', '/api/system/preferences/domains.datatable', { body: { value: [] } })).status).toBe(401);
  });
});
