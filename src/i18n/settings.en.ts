/** Messages of the console settings (console.settings.*). */
export const settingsEn = {
  title: 'Settings',
  close: 'Close settings',
  primary: 'Primary',
  surface: 'Surface',
  colorScheme: 'Color Scheme',
  light: 'Light',
  dark: 'Dark',
  menuType: 'Menu Type',
  menuModes: {
    static: 'Static',
    overlay: 'Overlay',
    slim: 'Slim',
    'slim-plus': 'Slim+',
    horizontal: 'Horizontal',
  },
  menuThemes: 'Menu Themes',
  menuThemesLightOnly: 'Menu themes are only available in light mode by design as large surfaces can emit too much brightness in dark mode.',
  topbarThemes: 'Topbar Themes',
  language: 'Language',
};
