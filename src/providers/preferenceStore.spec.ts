// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthProvider } from 'react-admin';
import { createConsoleStore } from '../layout/consoleStore';
import { stubFetch, type RecordedCall } from '../testing/fetchStub';
import { createPreferenceSync, isListPreferenceKey, serverPreferenceApi, withPreferenceSync } from './preferenceStore';

/** The server's side, as GET/PUT/DELETE /api/system/preferences answer one person: a map by key. */
let kept: Map<string, unknown>;
let calls: RecordedCall[];
beforeEach(() => {
  localStorage.clear();
  kept = new Map();
  ({ calls } = stubFetch((call) => {
    const key = decodeURIComponent(call.url.split('/api/system/preferences/')[1] ?? '');
    if (call.method === 'PUT') kept.set(key, (call.body as { value: unknown }).value);
    if (call.method === 'DELETE') kept.delete(key);
    const data = call.method === 'GET' ? { preferences: Object.fromEntries(kept) } : { key };
    return { body: { result: 'SUCCESS', resultMessage: 'Success', data } };
  }));
});
afterEach(() => vi.restoreAllMocks());

const writes = () => calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url.replace(/^.*\/api/, '')}`);
const view = { label: 'Active', value: { filter: { activeFlag: 'Y' }, sort: { field: 'domain', order: 'ASC' }, perPage: 10, displayedFilters: {} } };

describe('the console store with list settings on the server', () => {
  it("knows react-admin's list keys: saved queries, hidden columns and their order, a list's last state; nothing else, nor a nested resource", () => {
    expect(['domains.savedQueries', 'users.datatable', 'project-shares.datatable_columnRanks', 'domains.listParams', 'properties.business.listParams'].every(isListPreferenceKey)).toBe(true);
    expect(['locale', 'terms/7/agreements.listParams', 'terms/7/agreements.datatable', 'sidebar.open', 'domains.listParams.extra'].some(isListPreferenceKey)).toBe(false);
  });

  it('sends each changed list key once after the pause, with its last value; a removal is a DELETE; other keys stay in the browser', async () => {
    const { store } = createPreferenceSync(createConsoleStore(), serverPreferenceApi, 20);
    store.setItem('domains.datatable', ['createdAt']);
    store.setItem('domains.datatable', ['createdAt', 'updatedAt']);
    store.setItem('domains.savedQueries', [view]);
    store.setItem('locale', 'ko');
    store.setItem('sidebar.open', false);
    store.setItem('domains.listParams', { filter: {}, page: 2 });
    store.setItem('domains.listParams', { filter: { activeFlag: 'N' }, page: 1 });
    expect(writes()).toEqual([]);
    await vi.waitFor(() => expect(writes()).toHaveLength(3), { timeout: 10_000 });
    expect(kept).toEqual(
      new Map<string, unknown>([
        ['domains.datatable', ['createdAt', 'updatedAt']],
        ['domains.savedQueries', [view]],
        ['domains.listParams', { filter: { activeFlag: 'N' }, page: 1 }],
      ]),
    );
    store.removeItem('domains.datatable');
    await vi.waitFor(() => expect(writes()).toContain('DELETE /system/preferences/domains.datatable'), { timeout: 10_000 });
    expect([...kept.keys()]).toEqual(['domains.savedQueries', 'domains.listParams']);
    expect(store.getItem('locale')).toBe('ko');
  });

  it("loads the person's own after sign-in, over what this browser held; a change not yet sent wins", async () => {
    kept.set('users.savedQueries', [view]);
    kept.set('users.datatable', ['email']);
    const sync = createPreferenceSync(createConsoleStore(), serverPreferenceApi, 10_000);
    sync.store.setItem('domains.datatable', ['stale']);
    await sync.flush();
    kept.delete('domains.datatable');
    sync.store.setItem('users.datatable', ['name']);
    await sync.load();
    expect(sync.store.getItem('users.savedQueries')).toEqual([view]);
    expect(sync.store.getItem('domains.datatable')).toBeUndefined();
    expect(sync.store.getItem('users.datatable')).toEqual(['name']);
  });

  it("tells a list opening while the person's settings are on their way to wait for them: loading until they are in, then settled", async () => {
    kept.set('domains.listParams', { filter: { activeFlag: 'N' }, sort: 'domain', order: 'DESC', perPage: 25 });
    const sync = createPreferenceSync(createConsoleStore(), serverPreferenceApi, 10_000);
    expect(sync.isLoading()).toBe(false);
    await sync.loaded();
    const loading = sync.loadOnce(7);
    expect(sync.isLoading()).toBe(true);
    expect(sync.store.getItem('domains.listParams')).toBeUndefined();
    await sync.loaded();
    expect(sync.store.getItem('domains.listParams')).toEqual({ filter: { activeFlag: 'N' }, sort: 'domain', order: 'DESC', perPage: 25 });
    await loading;
    expect(sync.isLoading()).toBe(false);
  });

  it('sign-out sends what waits first, then empties the browser of them (the next person sees their own) and keeps them on the server', async () => {
    const sync = createPreferenceSync(createConsoleStore(), serverPreferenceApi, 10_000);
    const order: string[] = [];
    const auth = { login: async () => undefined, logout: async () => void order.push(`logout after ${writes().length} writes`), checkAuth: async () => undefined } as unknown as AuthProvider;
    const wrapped = withPreferenceSync(auth, sync, () => 7);
    sync.store.setItem('locale', 'ko');
    sync.store.setItem('users.savedQueries', [view]);
    await wrapped.logout({});
    expect(order).toEqual(['logout after 1 writes']);
    sync.store.reset();
    expect(sync.store.getItem('users.savedQueries')).toBeUndefined();
    expect(sync.store.getItem('locale')).toBe('ko');
    expect(kept.get('users.savedQueries')).toEqual([view]);

    // The next sign-in's first check loads them, once.
    await wrapped.checkAuth({});
    await vi.waitFor(() => expect(sync.store.getItem('users.savedQueries')).toEqual([view]), { timeout: 10_000 });
    await wrapped.checkAuth({});
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it("says when the server refuses to keep a setting, once per send, and keeps the browser's copy", async () => {
    const sync = createPreferenceSync(createConsoleStore(), serverPreferenceApi, 10_000);
    const refusals: unknown[] = [];
    const unsubscribe = sync.onRefused((failure) => refusals.push(failure));
    stubFetch(() => ({ status: 409, body: { result: 'CONFLICT', resultMessage: 'You keep 500 list settings already: delete a saved view first.', data: null } }));
    sync.store.setItem('users.savedQueries', [view]);
    sync.store.setItem('users.datatable', ['email']);
    await sync.flush();
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ message: 'You keep 500 list settings already: delete a saved view first.' });
    expect(sync.store.getItem('users.savedQueries')).toEqual([view]);
    unsubscribe();
    sync.store.setItem('users.datatable', []);
    await sync.flush();
    expect(refusals).toHaveLength(1);
  });
});
