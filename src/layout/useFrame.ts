import { useLayoutSettings } from '../theme/layoutSettings';
import { isDesktop } from './layoutState';
import { useLayoutState } from './LayoutStateContext';
import { sidebarGeometry } from './sidebarGeometry';
import { useViewportWidth } from './useViewportWidth';

/** Everything the frame's parts need to agree on: settings, runtime state, viewport and the sidebar's geometry. */
export function useFrame() {
  const [settings] = useLayoutSettings();
  const { state, dispatch } = useLayoutState();
  const viewportWidth = useViewportWidth();
  const desktop = isDesktop(viewportWidth);
  return {
    settings,
    state,
    dispatch,
    viewportWidth,
    desktop,
    horizontal: desktop && settings.menuMode === 'horizontal',
    sidebar: sidebarGeometry(settings.menuMode, desktop, state),
  };
}
