import { Box, List } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MenuTree } from './MenuTree';
import { useFrame } from './useFrame';
import { useVisibleMenu } from './useVisibleMenu';

/** The menu tree inside the sidebar, drawn as the sidebar's width allows. */
export function SidebarMenu() {
  const translate = useTranslate();
  const items = useVisibleMenu();
  const { sidebar, dispatch } = useFrame();
  if (!sidebar) return null;
  // A drawer has done its job once the user picked a screen.
  const onNavigate = sidebar.drawer ? () => dispatch({ type: 'closeMenus' }) : undefined;
  return (
    <Box component="nav" aria-label={translate('console.frame.mainMenu')}>
      <List dense disablePadding sx={{ pb: 2 }}>
        <MenuTree items={items} variant={sidebar.variant} onNavigate={onNavigate} />
      </List>
    </Box>
  );
}
