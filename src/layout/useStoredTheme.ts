import { useEffect, useMemo, useState } from 'react';
import type { RaThemeOptions, Store } from 'react-admin';
import { buildThemeOptions } from '../theme/buildTheme';
import { DEFAULT_LAYOUT_SETTINGS, LAYOUT_SETTINGS_KEY, type LayoutSettings } from '../theme/layoutSettings';

const readSettings = (store: Store): LayoutSettings => ({ ...DEFAULT_LAYOUT_SETTINGS, ...store.getItem<Partial<LayoutSettings>>(LAYOUT_SETTINGS_KEY) });
// react-admin's useLocaleState keeps the chosen language under this key.
const readLocale = (store: Store): string => store.getItem<string>('locale') ?? 'en';

/**
 * The theme for the stored layout settings and language, read straight from the store because it
 * has to exist before <Admin> (or the sign-in page's AdminContext) renders: a choice in the settings
 * panel restyles every screen at once, and a change of language changes MUI's own words everywhere.
 */
export function useStoredTheme(store: Store): RaThemeOptions {
  const [settings, setSettings] = useState(() => readSettings(store));
  const [locale, setLocale] = useState(() => readLocale(store));
  useEffect(() => store.subscribe(LAYOUT_SETTINGS_KEY, () => setSettings(readSettings(store))), [store]);
  useEffect(() => store.subscribe('locale', () => setLocale(readLocale(store))), [store]);
  return useMemo(() => buildThemeOptions(settings, locale), [settings, locale]);
}
