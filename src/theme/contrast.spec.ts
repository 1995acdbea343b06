import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { backgroundsOf, buildTheme, bulkActionsBarOf, surfaceScaleOf } from './buildTheme';
import { contrastOf, over, TEXT_CONTRAST } from './contrast';
import { DEFAULT_LAYOUT_SETTINGS, MENU_THEMES, PRIMARY_COLORS, SURFACES, TOPBAR_THEMES } from './layoutSettings';
import { menuThemeColors, topbarThemeColors } from './menuThemes';

/** Every appearance the settings panel offers: primary × surface (or none) × colour scheme. */
const appearances = PRIMARY_COLORS.flatMap((primary) => [null, ...SURFACES].flatMap((surface) => [false, true].map((darkTheme) => ({ ...DEFAULT_LAYOUT_SETTINGS, primary, surface, darkTheme }))));

describe('contrast helpers', () => {
  it('lays a translucent colour over its backdrop', () => {
    expect(over('rgba(255, 255, 255, 0.5)', '#000000')).toBe('rgb(128, 128, 128)');
    expect(over('#123456', '#ffffff')).toBe('#123456');
  });

  it('measures the WCAG ratio', () => {
    expect(contrastOf('#000000', '#ffffff')).toBe(21);
    // The sidebar headings of the first survey: slate 700 at 70 % opacity on white read 4.34:1.
    expect(contrastOf('rgba(51, 65, 85, 0.7)', '#ffffff')).toBeLessThan(TEXT_CONTRAST);
  });
});

describe('every appearance the settings panel offers reads at WCAG AA', () => {
  it.each(appearances.map((settings) => [settings.primary, settings.surface ?? 'default', settings.darkTheme ? 'dark' : 'light', settings] as const))(
    'primary %s on surface %s (%s)',
    (_primary, _surface, _scheme, settings) => {
      const { palette } = buildTheme(settings);
      const problems: string[] = [];
      const check = (what: string, text: string, background: string) => {
        const ratio = contrastOf(text, background);
        if (ratio < TEXT_CONTRAST) problems.push(`${what}: ${text} on ${background} is ${ratio.toFixed(2)}:1`);
      };
      for (const background of backgroundsOf(surfaceScaleOf(settings), settings.darkTheme)) {
        // Body text, field labels and empty-list messages.
        check('text.primary', palette.text.primary, background);
        check('text.secondary', palette.text.secondary, background);
        // Links, text buttons, outlined buttons and chips, selected tabs, focused labels.
        for (const name of ['primary', 'error', 'warning', 'success', 'info'] as const) check(`${name} text`, palette[name].main, background);
      }
      // The bulk-action bar: its count and its primary-coloured buttons.
      const bar = bulkActionsBarOf(surfaceScaleOf(settings), settings.darkTheme);
      check('bulk bar text', bar.text, bar.background);
      check('bulk bar button', palette.primary.main, bar.background);
      // Filled buttons and chips.
      for (const name of ['primary', 'error', 'warning', 'success', 'info'] as const) check(`on ${name}`, palette[name].contrastText, palette[name].main);
      // Default chips, and the dark sidebar (the theme's paper): items, headings, the selected item.
      const chip = settings.darkTheme ? palette.grey[700] : palette.grey[300];
      check('default chip', palette.text.primary, chip);
      if (settings.darkTheme) {
        const selected = over(palette.action.selected, palette.background.paper);
        check('sidebar item', palette.text.primary, selected);
        check('sidebar heading', palette.text.secondary, palette.background.paper);
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('every menu theme reads at WCAG AA', () => {
  it.each(MENU_THEMES)('menu theme %s: items, headings, hovered and selected items', (name) => {
    const colors = menuThemeColors(name);
    const ratios = {
      item: contrastOf(colors.text, colors.background),
      heading: contrastOf(colors.heading, colors.background),
      hovered: contrastOf(colors.text, over(colors.hover, colors.background)),
      selected: contrastOf(colors.text, over(colors.active, colors.background)),
    };
    for (const ratio of Object.values(ratios)) expect(ratio).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it.each(TOPBAR_THEMES)('topbar theme %s', (name) => {
    const colors = topbarThemeColors(name);
    expect(getContrastRatio(colors.text, colors.background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
