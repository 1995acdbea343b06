import { useTheme } from '@mui/material/styles';
import { menuThemeColors, topbarThemeColors } from '../theme/menuThemes';
import { useLayoutSettings } from '../theme/layoutSettings';

/** Sidebar and top bar colours: the chosen menu theme in light mode, the dark surface in dark mode. */
export function useFrameColors() {
  const theme = useTheme();
  const [settings] = useLayoutSettings();
  const sidebar = settings.darkTheme
    ? { background: theme.palette.background.paper, text: theme.palette.text.primary, heading: theme.palette.text.secondary, hover: theme.palette.action.hover, active: theme.palette.action.selected }
    : menuThemeColors(settings.menuTheme);
  return { sidebar, topbar: topbarThemeColors(settings.topbarTheme) };
}
