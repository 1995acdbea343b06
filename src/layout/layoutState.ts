import { DESKTOP_BREAKPOINT_PX } from '../shared/constants';
import type { MenuMode } from '../theme/layoutSettings';

/** Runtime state of the frame; not persisted. */
export interface LayoutState {
  staticMenuDesktopInactive: boolean;
  overlayMenuActive: boolean;
  configSidebarVisible: boolean;
  staticMenuMobileActive: boolean;
  menuHoverActive: boolean;
  rightMenuActive: boolean;
  topbarMenuActive: boolean;
  sidebarActive: boolean;
  anchored: boolean;
  activeMenuItem: string | null;
  overlaySubmenuActive: boolean;
  menuProfileActive: boolean;
}

export const INITIAL_LAYOUT_STATE: LayoutState = {
  staticMenuDesktopInactive: false,
  overlayMenuActive: false,
  configSidebarVisible: false,
  staticMenuMobileActive: false,
  menuHoverActive: false,
  rightMenuActive: false,
  topbarMenuActive: false,
  sidebarActive: false,
  anchored: false,
  activeMenuItem: null,
  overlaySubmenuActive: false,
  menuProfileActive: false,
};

export type LayoutAction =
  | { type: 'toggleMenu'; menuMode: MenuMode; viewportWidth: number }
  | { type: 'toggleConfigPanel' }
  | { type: 'closeConfigPanel' }
  | { type: 'setSidebarActive'; active: boolean }
  | { type: 'toggleAnchored' }
  | { type: 'setActiveMenuItem'; key: string | null }
  | { type: 'setMenuHoverActive'; active: boolean }
  | { type: 'closeMenus' }
  | { type: 'menuModeChanged'; menuMode: MenuMode };

export const isDesktop = (viewportWidth: number) => viewportWidth > DESKTOP_BREAKPOINT_PX;

/** The frame's transitions (menu toggle, config panel toggle, static re-activation). */
export function layoutReducer(state: LayoutState, action: LayoutAction): LayoutState {
  switch (action.type) {
    case 'toggleMenu':
      if (action.menuMode === 'overlay') return { ...state, overlayMenuActive: !state.overlayMenuActive };
      if (isDesktop(action.viewportWidth)) return { ...state, staticMenuDesktopInactive: !state.staticMenuDesktopInactive };
      return { ...state, staticMenuMobileActive: !state.staticMenuMobileActive };
    case 'toggleConfigPanel':
      return { ...closeOpenMenus(state), configSidebarVisible: !state.configSidebarVisible };
    case 'closeConfigPanel':
      return { ...state, configSidebarVisible: false };
    case 'setSidebarActive':
      return { ...state, sidebarActive: action.active };
    case 'toggleAnchored':
      return { ...state, anchored: !state.anchored };
    case 'setActiveMenuItem':
      return { ...state, activeMenuItem: action.key };
    case 'setMenuHoverActive':
      return { ...state, menuHoverActive: action.active };
    case 'closeMenus':
      return closeOpenMenus(state);
    case 'menuModeChanged':
      return action.menuMode === 'static' ? { ...closeOpenMenus(state), staticMenuDesktopInactive: false } : closeOpenMenus(state);
  }
}

function closeOpenMenus(state: LayoutState): LayoutState {
  return { ...state, overlayMenuActive: false, overlaySubmenuActive: false, staticMenuMobileActive: false, menuHoverActive: false };
}
