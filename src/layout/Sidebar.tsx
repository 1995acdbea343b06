import type { ReactNode } from 'react';
import { Box, Drawer } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SidebarHeader } from './SidebarHeader';
import { useFrame } from './useFrame';
import { useFrameColors } from './useFrameColors';
import { useSidebarHover } from './useSidebarHover';

/**
 * The sidebar for every menu mode: docked beside the content (static, slim, slim-plus), a drawer
 * over it (overlay, and every mode on mobile), or absent (horizontal). `children` is the menu.
 */
export function Sidebar({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const { sidebar, dispatch } = useFrame();
  const colors = useFrameColors().sidebar;
  const hover = useSidebarHover(sidebar?.hoverOpens ?? false);
  if (!sidebar) return null;

  const panelSx = {
    width: sidebar.panelWidth,
    bgcolor: colors.background,
    color: colors.text,
    display: 'flex',
    flexDirection: 'column',
    overflowX: 'hidden',
    overflowY: 'auto',
    '& .MuiListItemButton-root:hover': { bgcolor: colors.hover },
    '& .MuiListItemButton-root.Mui-selected, & .MuiListItemButton-root.Mui-selected:hover': { bgcolor: colors.active, fontWeight: 600 },
    '& .MuiListItemText-primary': { fontWeight: 'inherit' },
    '& .MuiListSubheader-root': { color: colors.heading },
  };
  const content = (
    <>
      <SidebarHeader wide={sidebar.variant === 'full'} />
      {children}
    </>
  );

  if (sidebar.drawer) {
    return (
      <Drawer
        open={sidebar.open}
        onClose={() => dispatch({ type: 'closeMenus' })}
        slotProps={{ paper: { component: 'aside', 'aria-label': translate('console.frame.sidebar'), sx: panelSx } as object }}
      >
        {content}
      </Drawer>
    );
  }

  const floating = sidebar.panelWidth > sidebar.flowWidth;
  return (
    <>
      {/* Keeps the content clear of the fixed panel. */}
      <Box sx={{ width: sidebar.flowWidth, flexShrink: 0, transition: 'width 200ms' }} />
      <Box
        component="aside"
        aria-label={translate('console.frame.sidebar')}
        onMouseEnter={hover.onMouseEnter}
        onMouseLeave={hover.onMouseLeave}
        sx={{
          ...panelSx,
          position: 'fixed',
          top: 0,
          bottom: 0,
          left: 0,
          zIndex: (theme) => theme.zIndex.appBar + 1,
          transition: 'width 200ms',
          borderRight: 1,
          borderColor: 'divider',
          boxShadow: floating ? 8 : 'none',
        }}
      >
        {content}
      </Box>
    </>
  );
}
