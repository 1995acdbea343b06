import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MENU_THEMES, useLayoutSettings } from '../../theme/layoutSettings';
import { menuThemeColors } from '../../theme/menuThemes';
import { ColorSwatches } from './ColorSwatches';

/** The 12 menu themes in light mode; in dark mode the specification's sentence instead. */
export function MenuThemeChoice() {
  const translate = useTranslate();
  const [settings, change] = useLayoutSettings();
  if (settings.darkTheme) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('console.settings.menuThemesLightOnly')}
      </Typography>
    );
  }
  return (
    <ColorSwatches
      label={translate('console.settings.menuThemes')}
      names={MENU_THEMES}
      selected={settings.menuTheme}
      colorOf={(name) => menuThemeColors(name).background}
      onChoose={(menuTheme) => change({ menuTheme })}
    />
  );
}
