import { useEffect, useRef } from 'react';
import { SIDEBAR_CLOSE_DELAY_MS } from '../shared/constants';
import { useLayoutState } from './LayoutStateContext';

/**
 * The collapsed static sidebar opens while the pointer is over it and closes
 * SIDEBAR_CLOSE_DELAY_MS after the pointer leaves, unless it is anchored.
 */
export function useSidebarHover(hoverOpens: boolean) {
  const { state, dispatch } = useLayoutState();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  return {
    onMouseEnter() {
      clearTimeout(closeTimer.current);
      if (hoverOpens && !state.sidebarActive) dispatch({ type: 'setSidebarActive', active: true });
    },
    onMouseLeave() {
      if (!hoverOpens || state.anchored) return;
      closeTimer.current = setTimeout(() => dispatch({ type: 'setSidebarActive', active: false }), SIDEBAR_CLOSE_DELAY_MS);
    },
  };
}
