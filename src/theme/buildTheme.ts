import { createTheme, type Theme } from '@mui/material/styles';
import { koKR } from '@mui/material/locale';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { contrastOf, TEXT_CONTRAST } from './contrast';
import type { LayoutSettings } from './layoutSettings';
import { DEFAULT_SURFACE, PRIMARY_PALETTES, STATUS_PALETTES, SURFACE_PALETTES, type ColorScale, type Shade, type SurfaceScale } from './palettes';

/** The surface scale the settings resolve to (no choice: the scheme's own neutral surface). */
export function surfaceScaleOf(settings: Pick<LayoutSettings, 'surface' | 'darkTheme'>): SurfaceScale {
  return SURFACE_PALETTES[settings.surface ?? DEFAULT_SURFACE[settings.darkTheme ? 'dark' : 'light']];
}

/** The backgrounds coloured text lands on: page, cards and form toolbars. */
export function backgroundsOf(surface: SurfaceScale, dark: boolean): string[] {
  return dark ? [surface[950], surface[900], surface[800]] : [surface[50], surface[0], surface[100]];
}

/**
 * The first shade, in order of preference, that reads as text on every background (WCAG AA 4.5:1).
 * Light pages start at 600 and deepen (teal or amber 600 is too pale on white); dark pages start at 400 and lighten.
 */
function readableShade(scale: ColorScale, backgrounds: string[], dark: boolean, preference: Shade[] = dark ? [400, 300, 200, 100] : [600, 700, 800, 900]): string {
  const shade = preference.find((candidate) => backgrounds.every((background) => contrastOf(scale[candidate], background) >= TEXT_CONTRAST));
  return scale[shade ?? preference[preference.length - 1]];
}

function primaryOf({ primary, darkTheme }: LayoutSettings, surface: SurfaceScale) {
  // Noir is the surface's own extreme: near-black on light pages, near-white on dark ones.
  if (primary === 'noir') {
    return darkTheme ? { main: surface[50], light: surface[0], dark: surface[300] } : { main: surface[900], light: surface[700], dark: surface[950] };
  }
  return { main: readableShade(PRIMARY_PALETTES[primary], backgroundsOf(surface, darkTheme), darkTheme) };
}

function statusOf(name: keyof typeof STATUS_PALETTES, surface: SurfaceScale, dark: boolean) {
  return { main: readableShade(STATUS_PALETTES[name], backgroundsOf(surface, dark), dark) };
}

type ThemeComponents = NonNullable<RaThemeOptions['components']>;

/**
 * MUI's own words (pagination's "Go to next page", an autocomplete's "Open", an alert's "Close") in
 * the console's language: its locale's default props, under any the theme sets itself.
 */
function withLocaleWords(components: ThemeComponents, locale: string): ThemeComponents {
  if (locale !== 'ko') return components;
  const own = components as Record<string, { defaultProps?: object } | undefined>;
  const merged: Record<string, unknown> = { ...components };
  for (const [name, words] of Object.entries(koKR.components ?? {})) {
    merged[name] = { ...own[name], defaultProps: { ...words.defaultProps, ...own[name]?.defaultProps } };
  }
  return merged as ThemeComponents;
}

/** MUI theme options for react-admin's <Admin theme>: react-admin's default theme with the chosen colours, in the chosen language. */
export function buildThemeOptions(settings: LayoutSettings, locale = 'en'): RaThemeOptions {
  const surface = surfaceScaleOf(settings);
  const dark = settings.darkTheme;
  const base = dark ? defaultDarkTheme : defaultLightTheme;
  // Secondary text is a mid-grey; on the greyer surfaces (soho, viva) it takes a step further from the background.
  const secondary = readableShade(surface, backgroundsOf(surface, dark), dark, dark ? [400, 300, 200] : [600, 700, 800]);
  const bulkBar = bulkActionsBarOf(surface, dark);
  return {
    ...base,
    palette: {
      ...base.palette,
      mode: dark ? 'dark' : 'light',
      // Filled buttons and chips take white or black text, whichever reaches 4.5:1 (MUI's default asks only 3:1).
      contrastThreshold: TEXT_CONTRAST,
      primary: primaryOf(settings, surface),
      error: statusOf('error', surface, dark),
      warning: statusOf('warning', surface, dark),
      success: statusOf('success', surface, dark),
      info: statusOf('info', surface, dark),
      background: dark ? { default: surface[950], paper: surface[900] } : { default: surface[50], paper: surface[0] },
      divider: dark ? surface[700] : surface[200],
      text: dark ? { primary: surface[0], secondary: secondary, disabled: surface[600] } : { primary: surface[900], secondary: secondary, disabled: surface[400] },
    },
    components: withLocaleWords(
      {
        ...base.components,
        RaToolbar: { styleOverrides: { root: { backgroundColor: dark ? surface[800] : surface[100] } } },
        // react-admin greys the empty-list message as if disabled; it is the screen's only text, so it must read.
        RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: secondary } } } },
        // react-admin's bulk-action bar writes white on a pale tint of the primary colour; it takes the
        // toolbar's surface and body text instead, where the primary-coloured buttons read (contrast.spec).
        RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-toolbar': { color: bulkBar.text, backgroundColor: bulkBar.background } } } },
        // A heading drawn by a variant is a section of the screen's one h1 (ScreenTitle): h2 whatever its
        // size, so no screen skips a level (axe heading-order); a deeper one names its level with `component`.
        MuiTypography: {
          defaultProps: {
            variantMapping: { h1: 'h2', h2: 'h2', h3: 'h2', h4: 'h2', h5: 'h2', h6: 'h2', subtitle1: 'h2', subtitle2: 'h2', body1: 'p', body2: 'p', inherit: 'p' },
          },
        },
        // Korean words break only between words (not one syllable a line: 마/스/터/링) in a narrow header.
        MuiTableCell: { styleOverrides: { head: { wordBreak: 'keep-all' } } },
        // A step not reached yet draws its number in white on the disabled grey (2.6:1); the secondary grey reads.
        MuiStepIcon: { styleOverrides: { root: { color: secondary } } },
      },
      locale,
    ),
  };
}

/** The bulk-action bar's colours: the toolbar surface (one of backgroundsOf) and the body text. */
export function bulkActionsBarOf(surface: SurfaceScale, dark: boolean): { background: string; text: string } {
  return dark ? { background: surface[800], text: surface[0] } : { background: surface[100], text: surface[900] };
}

/** The complete MUI theme for the settings. */
export function buildTheme(settings: LayoutSettings): Theme {
  return createTheme(buildThemeOptions(settings));
}
