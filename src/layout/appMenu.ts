import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import { MENU_GROUPS, type MenuGroup } from '../resources/ConsoleResource';
import { consoleScreens } from '../resources/registry';
import type { MenuItem } from './menuModel';

/** Each section's heading icon. */
const GROUP_ICON: Record<MenuGroup, ComponentType<SvgIconProps>> = {
  project: FolderIcon,
  systemSetting: SettingsIcon,
  collectData: StorageIcon,
  systemLog: ReceiptLongIcon,
  userManagement: PeopleIcon,
};

/** The console's menu: one section per group, one entry per screen of the registry, so a new resource is one folder. */
export const appMenu: MenuItem[] = MENU_GROUPS.map((group) => ({
  key: group,
  label: `console.menu.${group}`,
  icon: GROUP_ICON[group],
  items: consoleScreens.filter((screen) => screen.group === group).map(({ path, title, icon, requireRank, hidden }) => ({ key: path, label: title, to: path, icon, requireRank, hidden })),
}));
