import { createTheme, type Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { LayoutSettings } from './layoutSettings';
import { DEFAULT_SURFACE, PRIMARY_PALETTES, SURFACE_PALETTES, type SurfaceScale } from './palettes';

/** The surface scale the settings resolve to (no choice: the scheme's own neutral surface). */
export function surfaceScaleOf(settings: Pick<LayoutSettings, 'surface' | 'darkTheme'>): SurfaceScale {
  return SURFACE_PALETTES[settings.surface ?? DEFAULT_SURFACE[settings.darkTheme ? 'dark' : 'light']];
}

function primaryOf({ primary, darkTheme }: LayoutSettings, surface: SurfaceScale) {
  // Noir is the surface's own extreme: near-black on light pages, near-white on dark ones.
  if (primary === 'noir') {
    return darkTheme
      ? { main: surface[50], light: surface[0], dark: surface[300] }
      : { main: surface[900], light: surface[700], dark: surface[950] };
  }
  const scale = PRIMARY_PALETTES[primary];
  // Light pages take the deeper 600 so primary text and buttons keep their contrast on white.
  return darkTheme ? { main: scale[400], light: scale[300], dark: scale[500] } : { main: scale[600], light: scale[400], dark: scale[700] };
}

/** MUI theme options for react-admin's <Admin theme>: react-admin's default theme with the chosen colours. */
export function buildThemeOptions(settings: LayoutSettings): RaThemeOptions {
  const surface = surfaceScaleOf(settings);
  const dark = settings.darkTheme;
  const base = dark ? defaultDarkTheme : defaultLightTheme;
  return {
    ...base,
    palette: {
      ...base.palette,
      mode: dark ? 'dark' : 'light',
      primary: primaryOf(settings, surface),
      background: dark ? { default: surface[950], paper: surface[900] } : { default: surface[50], paper: surface[0] },
      divider: dark ? surface[700] : surface[200],
      text: dark
        ? { primary: surface[0], secondary: surface[400], disabled: surface[600] }
        : { primary: surface[900], secondary: surface[600], disabled: surface[400] },
    },
    components: {
      ...base.components,
      RaToolbar: { styleOverrides: { root: { backgroundColor: dark ? surface[800] : surface[100] } } },
    },
  };
}

/** The complete MUI theme for the settings. */
export function buildTheme(settings: LayoutSettings): Theme {
  return createTheme(buildThemeOptions(settings));
}
