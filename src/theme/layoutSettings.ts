import { useStore } from 'react-admin';

/** The appearance choices of the settings panel. */
export const PRIMARY_COLORS = ['noir', 'emerald', 'green', 'lime', 'orange', 'amber', 'yellow', 'teal', 'cyan', 'sky', 'blue', 'indigo', 'violet', 'purple', 'fuchsia', 'pink', 'rose'] as const;
export const SURFACES = ['slate', 'gray', 'zinc', 'neutral', 'stone', 'soho', 'viva', 'ocean'] as const;
export const MENU_MODES = ['static', 'overlay', 'slim', 'slim-plus', 'horizontal'] as const;
/** Menu themes apply in light mode only: large dark surfaces would glare in dark mode. */
export const MENU_THEMES = ['light', 'dark', 'indigo', 'bluegrey', 'brown', 'cyan', 'green', 'deeppurple', 'deeporange', 'pink', 'purple', 'teal'] as const;
/** 21 topbar themes; the specification names lightblue, dark, white … skyblue. */
export const TOPBAR_THEMES = [
  'lightblue',
  'dark',
  'white',
  'blue',
  'deeppurple',
  'purple',
  'pink',
  'cyan',
  'teal',
  'green',
  'lightgreen',
  'lime',
  'yellow',
  'amber',
  'orange',
  'deeporange',
  'brown',
  'grey',
  'bluegrey',
  'indigo',
  'skyblue',
] as const;
export const LOCALES = ['en', 'ko'] as const;

export type PrimaryColor = (typeof PRIMARY_COLORS)[number];
export type Surface = (typeof SURFACES)[number];
export type MenuMode = (typeof MENU_MODES)[number];
export type MenuTheme = (typeof MENU_THEMES)[number];
export type TopbarTheme = (typeof TOPBAR_THEMES)[number];

export interface LayoutSettings {
  primary: PrimaryColor;
  /** null: the colour scheme's own neutral surface. */
  surface: Surface | null;
  darkTheme: boolean;
  menuMode: MenuMode;
  menuTheme: MenuTheme;
  topbarTheme: TopbarTheme;
  menuProfilePosition: 'start' | 'end';
}

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  primary: 'teal',
  surface: null,
  darkTheme: false,
  menuMode: 'static',
  menuTheme: 'light',
  topbarTheme: 'skyblue',
  menuProfilePosition: 'end',
};

/** react-admin store key; the store persists to localStorage so choices survive a reload. */
export const LAYOUT_SETTINGS_KEY = 'console.layoutSettings';

/** The current settings and a function that changes some of them. */
export function useLayoutSettings(): [LayoutSettings, (change: Partial<LayoutSettings>) => void] {
  const [stored, setStored] = useStore<LayoutSettings>(LAYOUT_SETTINGS_KEY, DEFAULT_LAYOUT_SETTINGS);
  const settings = { ...DEFAULT_LAYOUT_SETTINGS, ...stored };
  return [settings, (change) => setStored({ ...settings, ...change })];
}
