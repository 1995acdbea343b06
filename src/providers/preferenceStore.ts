import type { AuthProvider, Store } from 'react-admin';
import type { preferenceSavedResponse, preferencesResponse } from '../shared/preferences';
import { LIST_STATE_KEY_PATTERN } from '../shared/listStateKey';
import { httpClient } from './httpClient';

/**
 * The store keys of what a person sets up on a list, as react-admin 5 names them: the saved
 * queries (`<resource>.savedQueries`, ra-core's useSavedQueries) and a DataTable's hidden columns
 * and column order (`<resource>.datatable`, `<resource>.datatable_columnRanks`, ra-ui-materialui's
 * DataTable and ColumnsButton), and the list's last filters, sort and page size
 * (`<resource>.listParams`, ra-core's useListParams, which opens a list without a query as it was
 * left). A nested resource (`terms/7/agreements`) is a passing table, not a list anyone sets up, and
 * its name could not travel in the path, so it stays in the browser.
 */
const LIST_PREFERENCE_KEY = /^[A-Za-z0-9_-]+\.(savedQueries|datatable|datatable_columnRanks)$/;

export const isListPreferenceKey = (key: string) => LIST_PREFERENCE_KEY.test(key) || LIST_STATE_KEY_PATTERN.test(key);

/** Where the settings are kept: the caller's own, on the server. */
export interface PreferenceApi {
  read(): Promise<Record<string, unknown>>;
  save(key: string, value: unknown): Promise<unknown>;
  remove(key: string): Promise<unknown>;
}

export const serverPreferenceApi: PreferenceApi = {
  read: () => httpClient.get<typeof preferencesResponse>('/system/preferences').then((answer) => answer.data.preferences),
  save: (key, value) => httpClient.put<typeof preferenceSavedResponse>(`/system/preferences/${key}`, { value }),
  remove: (key) => httpClient.delete<typeof preferenceSavedResponse>(`/system/preferences/${key}`),
};

/** A change waiting to be sent: the new value, or removed. */
type Pending = { removed: true } | { removed: false; value: unknown };

export interface PreferenceSync {
  /** The store react-admin is given: the inner one, whose list keys are also written to the server. */
  store: Store;
  /** Replaces the browser's list settings with the person's own from the server (changes not yet sent win). */
  load(): Promise<void>;
  /** Loads once per signed-in person and page; a new sign-in loads again. */
  loadOnce(personId: number | null): Promise<void>;
  /** Settles when the person's settings are in this browser (at once when no load is under way), so a list opens as they left it. */
  loaded(): Promise<void>;
  /** Whether a load is under way. */
  isLoading(): boolean;
  /** Sends the changes waiting for the pause, at once (before sign-out ends the session that may send them). */
  flush(): Promise<void>;
  /** Calls `listener` with each refusal of a save (too many settings, no server), so the screen can say it; answers the unsubscribe. */
  onRefused(listener: (failure: unknown) => void): () => void;
}

/**
 * A store whose list settings follow the person: each change of a list key is sent to the server
 * after a pause of `delayMs` (typing a view's name or dragging a column is one save, not many), and
 * the person's settings are read back after sign-in. Other keys stay in the browser as before. A
 * reset (sign-out) empties the browser's copy, so the next person at this browser sees their own;
 * the server keeps them for the next sign-in.
 */
export function createPreferenceSync(inner: Store, api: PreferenceApi, delayMs = 500): PreferenceSync {
  const pending = new Map<string, Pending>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loadedFor: number | null | undefined;
  let loading: Promise<void> | undefined;
  const refusalListeners = new Set<(failure: unknown) => void>();

  const send = async () => {
    clearTimeout(timer);
    timer = undefined;
    const changes = [...pending];
    pending.clear();
    // A failed send leaves the browser's copy as it is (the next change of that key sends it again) and is said once.
    const results = await Promise.allSettled(changes.map(([key, change]) => (change.removed ? api.remove(key) : api.save(key, change.value))));
    const refused = results.find((result) => result.status === 'rejected');
    if (refused) for (const listener of refusalListeners) listener(refused.reason);
  };

  const queue = (key: string, change: Pending) => {
    pending.set(key, change);
    clearTimeout(timer);
    timer = setTimeout(() => void send(), delayMs);
  };

  const load = async () => {
    const kept = await api.read();
    const local = Object.keys(inner.listItems?.() ?? {}).filter(isListPreferenceKey);
    for (const key of local) if (!(key in kept) && !pending.has(key)) inner.removeItem(key);
    for (const [key, value] of Object.entries(kept)) if (isListPreferenceKey(key) && !pending.has(key)) inner.setItem(key, value);
  };

  const store: Store = {
    ...inner,
    setItem(key, value) {
      inner.setItem(key, value);
      if (isListPreferenceKey(key)) queue(key, value === undefined ? { removed: true } : { removed: false, value });
    },
    removeItem(key) {
      inner.removeItem(key);
      if (isListPreferenceKey(key)) queue(key, { removed: true });
    },
    reset() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
      loadedFor = undefined;
      inner.reset();
    },
  };

  return {
    store,
    load,
    async loadOnce(personId) {
      if (personId === null || loadedFor === personId) return;
      loadedFor = personId;
      loading = load()
        .catch(() => {
          // Unreachable now: the browser's copy stands in, and the next sign-in tries again.
          loadedFor = undefined;
        })
        .finally(() => (loading = undefined));
      await loading;
    },
    isLoading: () => loading !== undefined,
    loaded: () => loading ?? Promise.resolve(),
    flush: send,
    onRefused(listener) {
      refusalListeners.add(listener);
      return () => refusalListeners.delete(listener);
    },
  };
}

/**
 * The auth provider with the settings' turns: they are loaded after sign-in and on the first check
 * of a page opened while signed in, and sent before sign-out ends the session.
 */
export function withPreferenceSync(auth: AuthProvider, sync: PreferenceSync, personId: () => number | null): AuthProvider {
  return {
    ...auth,
    async login(params) {
      const answer: unknown = await auth.login(params);
      void sync.loadOnce(personId());
      return answer;
    },
    async checkAuth(params) {
      await auth.checkAuth(params);
      void sync.loadOnce(personId());
    },
    async logout(params) {
      await sync.flush();
      return auth.logout(params);
    },
  };
}
