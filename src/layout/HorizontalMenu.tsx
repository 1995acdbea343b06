import { Box, Button } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { HorizontalMenuSection } from './HorizontalMenuSection';
import { HORIZONTAL_MENU_HEIGHT_PX } from './frameMetrics';
import { useVisibleMenu } from './useVisibleMenu';

/** Horizontal menu mode: the sections across the top under the top bar, each opening a drop-down of its screens. */
export function HorizontalMenu() {
  const translate = useTranslate();
  const items = useVisibleMenu();
  return (
    <Box component="nav" aria-label={translate('console.frame.mainMenu')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 2, height: HORIZONTAL_MENU_HEIGHT_PX, overflowX: 'auto' }}>
      {items.map((item) =>
        item.items ? (
          <HorizontalMenuSection key={item.key} section={item} />
        ) : (
          <Button key={item.key} color="inherit" disabled={item.disabled} onClick={item.command} {...(item.to ? { component: LinkBase, to: item.to } : {})}>
            {translate(item.label)}
          </Button>
        ),
      )}
    </Box>
  );
}
