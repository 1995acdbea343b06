/** Sizes of the frame, shared by the top bar, the sidebar and the layout that makes room for them. */
export const TOPBAR_HEIGHT_PX = 56;
export const HORIZONTAL_MENU_HEIGHT_PX = 48;
export const SIDEBAR_WIDTH_PX = 260;
/** Icons only: slim mode, and the static sidebar while collapsed. */
export const RAIL_WIDTH_PX = 72;
/** Icons with small labels under them. */
export const SLIM_PLUS_WIDTH_PX = 104;
