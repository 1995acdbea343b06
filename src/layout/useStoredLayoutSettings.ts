import { useEffect, useState } from 'react';
import type { Store } from 'react-admin';
import { DEFAULT_LAYOUT_SETTINGS, LAYOUT_SETTINGS_KEY, type LayoutSettings } from '../theme/layoutSettings';

const read = (store: Store): LayoutSettings => ({ ...DEFAULT_LAYOUT_SETTINGS, ...store.getItem<Partial<LayoutSettings>>(LAYOUT_SETTINGS_KEY) });

/** The layout settings read straight from the store, for the theme that has to exist before <Admin> renders. */
export function useStoredLayoutSettings(store: Store): LayoutSettings {
  const [settings, setSettings] = useState(() => read(store));
  useEffect(() => store.subscribe(LAYOUT_SETTINGS_KEY, () => setSettings(read(store))), [store]);
  return settings;
}
