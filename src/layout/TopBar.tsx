import { AppBar, Box, IconButton, Toolbar, Tooltip } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslate } from 'react-admin';
import { AccountMenu } from './AccountMenu';
import { HorizontalMenu } from './HorizontalMenu';
import { Logo } from './Logo';
import { ScreenTitle } from './ScreenTitle';
import { TOPBAR_HEIGHT_PX } from './frameMetrics';
import { useFrame } from './useFrame';
import { useFrameColors } from './useFrameColors';

/** The bar across the top: logo, menu toggle, screen title, settings cog and the user popover; the horizontal menu under it. */
export function TopBar() {
  const translate = useTranslate();
  const { settings, desktop, horizontal, sidebar, dispatch } = useFrame();
  const colors = useFrameColors();
  // The logo is in the top bar always; beside a docked full sidebar, which already names the product, it goes without the name.
  const nameInSidebar = Boolean(sidebar && !sidebar.drawer && sidebar.variant === 'full');
  // On a desktop only static and overlay menus can be toggled; the others are always shown.
  const toggles = !desktop || settings.menuMode === 'static' || settings.menuMode === 'overlay';
  const settingsLabel = translate('console.frame.settings');

  return (
    <AppBar
      position="fixed"
      elevation={0}
      sx={{
        left: sidebar && !sidebar.drawer ? sidebar.flowWidth : 0,
        width: 'auto',
        right: 0,
        transition: 'left 200ms',
        bgcolor: colors.topbar.background,
        color: colors.topbar.text,
        // A shadow, not a border, so the bar stays exactly as tall as the room the layout leaves for it.
        boxShadow: (theme) => `0 1px 0 ${theme.palette.divider}`,
      }}
    >
      <Toolbar disableGutters sx={{ minHeight: { xs: TOPBAR_HEIGHT_PX }, height: TOPBAR_HEIGHT_PX, px: { xs: 1, sm: 2 }, gap: { xs: 0.5, sm: 1 } }}>
        <Box sx={{ mr: 1 }}>
          <Logo showName={desktop && !nameInSidebar} />
        </Box>
        {toggles && (
          <IconButton
            color="inherit"
            aria-label={translate('console.frame.toggleMenu')}
            onClick={() => dispatch({ type: 'toggleMenu', menuMode: settings.menuMode, viewportWidth: window.innerWidth })}
          >
            <MenuIcon />
          </IconButton>
        )}
        <ScreenTitle />
        <Tooltip title={settingsLabel}>
          <IconButton color="inherit" aria-label={settingsLabel} onClick={() => dispatch({ type: 'toggleConfigPanel' })}>
            <SettingsIcon />
          </IconButton>
        </Tooltip>
        <AccountMenu />
      </Toolbar>
      {horizontal && (
        <Box sx={{ bgcolor: colors.sidebar.background, color: colors.sidebar.text }}>
          <HorizontalMenu />
        </Box>
      )}
    </AppBar>
  );
}
