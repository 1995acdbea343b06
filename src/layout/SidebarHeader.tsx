import { Box, IconButton, Tooltip } from '@mui/material';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { useTranslate } from 'react-admin';
import { Logo } from './Logo';
import { useLayoutState } from './LayoutStateContext';
import { TOPBAR_HEIGHT_PX } from './frameMetrics';
import { useFrame } from './useFrame';

/**
 * The sidebar's top: the logo, and the pin that keeps the docked sidebar open once the pointer
 * leaves. A drawer closes on its own after a choice, so it has nothing to pin.
 */
export function SidebarHeader({ wide }: { wide: boolean }) {
  const translate = useTranslate();
  const { state, dispatch } = useLayoutState();
  const { sidebar } = useFrame();
  const pinnable = wide && !sidebar?.drawer;
  const label = translate('console.frame.anchor');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: pinnable ? 'space-between' : 'center', gap: 1, height: TOPBAR_HEIGHT_PX, px: wide ? 2 : 0, flexShrink: 0 }}>
      <Logo showName={wide} />
      {pinnable && (
        <Tooltip title={label}>
          <IconButton color="inherit" size="small" aria-label={label} aria-pressed={state.anchored} onClick={() => dispatch({ type: 'toggleAnchored' })}>
            {state.anchored ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
