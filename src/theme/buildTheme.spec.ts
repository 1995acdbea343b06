import { describe, expect, it } from 'vitest';
import { getContrastRatio, getLuminance } from '@mui/material/styles';
import { koKR } from '@mui/material/locale';
import { buildTheme, buildThemeOptions } from './buildTheme';
import { DEFAULT_LAYOUT_SETTINGS, PRIMARY_COLORS, SURFACES, type LayoutSettings } from './layoutSettings';
import { PRIMARY_PALETTES, SURFACE_PALETTES } from './palettes';

const settingsWith = (change: Partial<LayoutSettings>): LayoutSettings => ({ ...DEFAULT_LAYOUT_SETTINGS, ...change });
const hex = /^#[0-9a-f]{6}$/i;

describe('buildTheme', () => {
  it.each(PRIMARY_COLORS.flatMap((primary) => [false, true].map((darkTheme) => [primary, darkTheme] as const)))('builds a complete theme for primary %s (dark %s)', (primary, darkTheme) => {
    const theme = buildTheme(settingsWith({ primary, darkTheme }));
    expect(theme.palette.primary.main).toMatch(hex);
    expect(theme.palette.primary.contrastText).toBeTruthy();
    expect(theme.palette.mode).toBe(darkTheme ? 'dark' : 'light');
    // react-admin's layout reads the sidebar widths from the theme.
    expect(theme.sidebar.width).toBeGreaterThan(0);
  });

  it('takes primary.main from the chosen scale: 600 on light pages (deeper where 600 is too pale), 400 on dark ones', () => {
    for (const primary of PRIMARY_COLORS.filter((name) => name !== 'noir')) {
      const scale = PRIMARY_PALETTES[primary];
      expect([scale[600], scale[700], scale[800]]).toContain(buildTheme(settingsWith({ primary })).palette.primary.main);
      expect(buildTheme(settingsWith({ primary, darkTheme: true })).palette.primary.main).toBe(scale[400]);
    }
    expect(buildTheme(settingsWith({ primary: 'blue' })).palette.primary.main).toBe(PRIMARY_PALETTES.blue[600]);
    // The default teal: 600 read 3.74:1 on white, 700 reads 5.47:1.
    expect(buildTheme(settingsWith({ primary: 'teal' })).palette.primary.main).toBe(PRIMARY_PALETTES.teal[700]);
  });

  it('makes noir near-black on light pages and near-white on dark ones', () => {
    expect(getLuminance(buildTheme(settingsWith({ primary: 'noir' })).palette.primary.main)).toBeLessThan(0.05);
    expect(getLuminance(buildTheme(settingsWith({ primary: 'noir', darkTheme: true })).palette.primary.main)).toBeGreaterThan(0.9);
  });

  it.each(SURFACES)('takes background, paper, divider and text from the %s surface', (surface) => {
    const scale = SURFACE_PALETTES[surface];
    const light = buildTheme(settingsWith({ surface })).palette;
    expect(light.background).toMatchObject({ default: scale[50], paper: scale[0] });
    expect(light.divider).toBe(scale[200]);
    expect(light.text.primary).toBe(scale[900]);
    const dark = buildTheme(settingsWith({ surface, darkTheme: true })).palette;
    expect(dark.mode).toBe('dark');
    expect(dark.background).toMatchObject({ default: scale[950], paper: scale[900] });
    expect(dark.text.primary).toBe(scale[0]);
    // Body text stays readable on its own background whichever surface is chosen.
    expect(getContrastRatio(light.text.primary, light.background.default)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(dark.text.primary, dark.background.default)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the scheme’s own neutral surface when none is chosen', () => {
    expect(buildTheme(settingsWith({ surface: null })).palette.background.default).toBe(SURFACE_PALETTES.slate[50]);
    expect(buildTheme(settingsWith({ surface: null, darkTheme: true })).palette.background.default).toBe(SURFACE_PALETTES.zinc[950]);
  });

  it('returns options react-admin can take as its theme', () => {
    const options = buildThemeOptions(settingsWith({ primary: 'violet', darkTheme: true }));
    expect(options.palette).toMatchObject({ mode: 'dark', primary: { main: PRIMARY_PALETTES.violet[400] } });
  });

  it('says MUI’s own words in Korean when Korean is chosen, keeping the theme’s own defaults', () => {
    const english = buildThemeOptions(settingsWith({}), 'en').components;
    const korean = buildThemeOptions(settingsWith({}), 'ko').components;
    expect(english?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBeUndefined();
    expect(korean?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe(koKR.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage);
    expect(korean?.MuiAutocomplete?.defaultProps).toMatchObject({ ...english?.MuiAutocomplete?.defaultProps, openText: koKR.components?.MuiAutocomplete?.defaultProps?.openText });
  });
});
