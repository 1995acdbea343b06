import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { MENU_THEMES, TOPBAR_THEMES } from './layoutSettings';
import { menuThemeColors, topbarThemeColors } from './menuThemes';

describe('menu and topbar theme colours', () => {
  it.each(MENU_THEMES)('menu theme %s has readable text', (name) => {
    const colors = menuThemeColors(name);
    expect(colors.hover).toBeTruthy();
    expect(colors.active).toBeTruthy();
    expect(getContrastRatio(colors.text, colors.background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(TOPBAR_THEMES)('topbar theme %s has readable text', (name) => {
    const colors = topbarThemeColors(name);
    expect(getContrastRatio(colors.text, colors.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives each theme its own background', () => {
    expect(new Set(MENU_THEMES.map((name) => menuThemeColors(name).background)).size).toBe(MENU_THEMES.length);
    expect(new Set(TOPBAR_THEMES.map((name) => topbarThemeColors(name).background)).size).toBe(TOPBAR_THEMES.length);
  });
});
