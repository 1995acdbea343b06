import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import { rankAllows } from '../shared/ranks';

/** One entry of the menu tree. A root item with `items` shows as a section heading. */
export interface MenuItem {
  key: string;
  /** Message key of the label. */
  label: string;
  to?: string;
  icon?: ComponentType<SvgIconProps>;
  items?: MenuItem[];
  hidden?: boolean;
  disabled?: boolean;
  /** Runs instead of (or before) following `to`. */
  command?: () => void;
  /** Shown only when this is not less than the user's rank number; absent means everyone. */
  requireRank?: number;
}

/** The menu's depth cap: deeper levels are not rendered, so a malformed tree cannot recurse without end. */
export const MENU_DEPTH_CAP = 20;

/**
 * The part of the tree a user of `userRank` sees: hidden items and items above their rank are
 * dropped, and so are headings left with nothing under them.
 */
export function visibleMenuItems(items: MenuItem[], userRank: number, depth = 0): MenuItem[] {
  if (depth >= MENU_DEPTH_CAP) return [];
  return items.flatMap((item) => {
    if (item.hidden) return [];
    if (item.requireRank !== undefined && !rankAllows(item.requireRank, userRank)) return [];
    if (!item.items) return [item];
    const children = visibleMenuItems(item.items, userRank, depth + 1);
    if (children.length === 0 && !item.to && !item.command) return [];
    return [{ ...item, items: children }];
  });
}
