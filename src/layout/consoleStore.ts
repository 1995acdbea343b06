import { localStorageStore, type Store } from 'react-admin';
import { createPreferenceSync, serverPreferenceApi } from '../providers/preferenceStore';
import { LAYOUT_SETTINGS_KEY } from '../theme/layoutSettings';

/** Appearance and language belong to the browser, not the session: they outlive a sign-out. */
const KEPT_ON_RESET = [LAYOUT_SETTINGS_KEY, 'locale'];

/** react-admin's localStorage store, except that sign-out (which resets the store) keeps the kept keys. */
export function createConsoleStore(): Store {
  const store = localStorageStore(undefined, 'console');
  return {
    ...store,
    reset() {
      const kept = KEPT_ON_RESET.map((key) => [key, store.getItem(key)] as const);
      store.reset();
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
    },
  };
}

/** What each person sets up on the lists follows them through the server (src/providers/preferenceStore.ts). */
export const preferenceSync = createPreferenceSync(createConsoleStore(), serverPreferenceApi);

/** The one store of the page: the sign-in entry and the full app read the same settings and language. */
export const consoleStore = preferenceSync.store;
