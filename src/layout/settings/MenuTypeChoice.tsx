import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MENU_MODES, useLayoutSettings, type MenuMode } from '../../theme/layoutSettings';
import { useLayoutState } from '../LayoutStateContext';

/** Static, Overlay, Slim, Slim+ or Horizontal; the frame hears of every change so Static re-activates the desktop menu. */
export function MenuTypeChoice() {
  const translate = useTranslate();
  const [settings, change] = useLayoutSettings();
  const { dispatch } = useLayoutState();
  return (
    <RadioGroup
      name="menuMode"
      row
      value={settings.menuMode}
      onChange={(_, value) => {
        const menuMode = value as MenuMode;
        change({ menuMode });
        dispatch({ type: 'menuModeChanged', menuMode });
      }}
      sx={{ columnGap: 1 }}
    >
      {MENU_MODES.map((mode) => (
        <FormControlLabel key={mode} value={mode} control={<Radio size="small" />} label={translate(`console.settings.menuModes.${mode}`)} />
      ))}
    </RadioGroup>
  );
}
