import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import LightModeIcon from '@mui/icons-material/LightMode';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import { useTranslate } from 'react-admin';
import { useLayoutSettings } from '../../theme/layoutSettings';
import { useColorSchemeSwitch } from './useColorSchemeSwitch';

/** Light or Dark; pressing the selected one again keeps it, so one always stays selected. */
export function ColorSchemeToggle() {
  const translate = useTranslate();
  const [settings] = useLayoutSettings();
  const switchColorScheme = useColorSchemeSwitch();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      fullWidth
      sx={{ '& .MuiToggleButton-root': { textTransform: 'none' } }}
      value={settings.darkTheme ? 'dark' : 'light'}
      onChange={(_, scheme: 'light' | 'dark' | null) => {
        if (scheme) switchColorScheme(scheme === 'dark');
      }}
    >
      <ToggleButton value="light">
        <LightModeIcon fontSize="small" sx={{ mr: 1 }} />
        {translate('console.settings.light')}
      </ToggleButton>
      <ToggleButton value="dark">
        <DarkModeIcon fontSize="small" sx={{ mr: 1 }} />
        {translate('console.settings.dark')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
