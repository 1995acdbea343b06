import type { MenuTheme, TopbarTheme } from './layoutSettings';

export interface MenuThemeColors {
  background: string;
  text: string;
  /** Section headings: quieter than the items, still 4.5:1 on the background. */
  heading: string;
  /** Background of an item under the pointer. */
  hover: string;
  /** Background of the item of the current route. */
  active: string;
}

export interface TopbarThemeColors {
  background: string;
  text: string;
}

// Headings stay white (uppercase and bold set them apart): any fading drops green and deep orange below 4.5:1.
// Hovered and selected items darken the coloured background: lightening it would cost white text its contrast.
const onDark = { text: '#ffffff', heading: '#ffffff', hover: 'rgba(0, 0, 0, 0.12)', active: 'rgba(0, 0, 0, 0.24)' };

/** Sidebar colours per menu theme (Material 800-ish shades, so white text and headings keep a 4.5:1 contrast; menuThemes.spec checks). */
const MENU_THEME_COLORS: Record<MenuTheme, MenuThemeColors> = {
  light: { background: '#ffffff', text: '#334155', heading: '#475569', hover: 'rgba(15, 23, 42, 0.04)', active: 'rgba(15, 23, 42, 0.08)' },
  dark: { background: '#18181b', text: '#e4e4e7', heading: '#a1a1aa', hover: 'rgba(255, 255, 255, 0.08)', active: 'rgba(255, 255, 255, 0.16)' },
  indigo: { background: '#283593', ...onDark },
  bluegrey: { background: '#37474f', ...onDark },
  brown: { background: '#4e342e', ...onDark },
  cyan: { background: '#00717d', ...onDark },
  green: { background: '#2e7d32', ...onDark },
  deeppurple: { background: '#4527a0', ...onDark },
  deeporange: { background: '#bf360c', ...onDark },
  pink: { background: '#ad1457', ...onDark },
  purple: { background: '#6a1b9a', ...onDark },
  teal: { background: '#00695c', ...onDark },
};

const light = '#ffffff';
const ink = '#1e293b';

/** Top bar colours per topbar theme; pale backgrounds take dark text. */
const TOPBAR_THEME_COLORS: Record<TopbarTheme, TopbarThemeColors> = {
  lightblue: { background: '#0277bd', text: light },
  dark: { background: '#18181b', text: '#e4e4e7' },
  white: { background: '#ffffff', text: ink },
  blue: { background: '#1565c0', text: light },
  deeppurple: { background: '#4527a0', text: light },
  purple: { background: '#6a1b9a', text: light },
  pink: { background: '#ad1457', text: light },
  cyan: { background: '#00717d', text: light },
  teal: { background: '#00695c', text: light },
  green: { background: '#2e7d32', text: light },
  lightgreen: { background: '#9ccc65', text: ink },
  lime: { background: '#cddc39', text: ink },
  yellow: { background: '#fdd835', text: ink },
  amber: { background: '#ffb300', text: ink },
  orange: { background: '#fb8c00', text: ink },
  deeporange: { background: '#bf360c', text: light },
  brown: { background: '#4e342e', text: light },
  grey: { background: '#424242', text: light },
  bluegrey: { background: '#37474f', text: light },
  indigo: { background: '#283593', text: light },
  skyblue: { background: '#38bdf8', text: ink },
};

export function menuThemeColors(name: MenuTheme): MenuThemeColors {
  return MENU_THEME_COLORS[name];
}

export function topbarThemeColors(name: TopbarTheme): TopbarThemeColors {
  return TOPBAR_THEME_COLORS[name];
}
