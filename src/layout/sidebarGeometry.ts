import type { MenuMode } from '../theme/layoutSettings';
import { RAIL_WIDTH_PX, SIDEBAR_WIDTH_PX, SLIM_PLUS_WIDTH_PX } from './frameMetrics';
import type { LayoutState } from './layoutState';

/** How the menu tree draws its items: with labels, icons only, or icons over small labels. */
export type MenuVariant = 'full' | 'slim' | 'slimPlus';

export interface SidebarGeometry {
  /** Room the sidebar takes from the content; 0 when it floats over it. */
  flowWidth: number;
  panelWidth: number;
  variant: MenuVariant;
  open: boolean;
  /** A drawer over the content, closed by a click on the backdrop. */
  drawer: boolean;
  /** The collapsed static sidebar opens while the pointer is over it. */
  hoverOpens: boolean;
}

/** Where the sidebar is and how wide, for a menu mode on a desktop or mobile viewport; null when the menu runs across the top. */
export function sidebarGeometry(menuMode: MenuMode, desktop: boolean, state: LayoutState): SidebarGeometry | null {
  const drawer = (open: boolean): SidebarGeometry => ({ flowWidth: 0, panelWidth: SIDEBAR_WIDTH_PX, variant: 'full', open, drawer: true, hoverOpens: false });
  const docked = (width: number, variant: MenuVariant): SidebarGeometry => ({ flowWidth: width, panelWidth: width, variant, open: true, drawer: false, hoverOpens: false });

  if (!desktop) return drawer(state.staticMenuMobileActive || state.overlayMenuActive);
  switch (menuMode) {
    case 'horizontal':
      return null;
    case 'overlay':
      return drawer(state.overlayMenuActive);
    case 'slim':
      return docked(RAIL_WIDTH_PX, 'slim');
    case 'slim-plus':
      return docked(SLIM_PLUS_WIDTH_PX, 'slimPlus');
    case 'static': {
      if (!state.staticMenuDesktopInactive) return docked(SIDEBAR_WIDTH_PX, 'full');
      const expanded = state.sidebarActive;
      return {
        // Anchored, the opened sidebar takes its room; otherwise it floats over the content.
        flowWidth: expanded && state.anchored ? SIDEBAR_WIDTH_PX : RAIL_WIDTH_PX,
        panelWidth: expanded ? SIDEBAR_WIDTH_PX : RAIL_WIDTH_PX,
        variant: expanded ? 'full' : 'slim',
        open: true,
        drawer: false,
        hoverOpens: true,
      };
    }
  }
}
