import { Fragment, type ReactElement } from 'react';
import { ListSubheader } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PeopleIcon from '@mui/icons-material/People';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { GUEST_RANK, rankAllows } from '../shared';
import type { ConsolePermissions } from '../providers/authProvider';
import { MENU_GROUPS, appRoutes, type MenuGroup } from '../routes/appRoutes';

const GROUP_ICON: Record<MenuGroup, ReactElement> = {
  project: <FolderIcon />,
  systemSetting: <SettingsIcon />,
  collectData: <StorageIcon />,
  systemLog: <ReceiptLongIcon />,
  userManagement: <PeopleIcon />,
};

/** The screens of the route table the user's rank allows, grouped under section headings (SPEC §2). */
export function AppMenu() {
  const { permissions } = usePermissions<ConsolePermissions>();
  const translate = useTranslate();
  const rank = permissions?.rank ?? GUEST_RANK;
  return (
    <Menu>
      {MENU_GROUPS.map((group) => {
        const items = appRoutes.filter((route) => route.group === group && !route.hidden && rankAllows(route.requireRank, rank));
        if (items.length === 0) return null;
        return (
          <Fragment key={group}>
            <ListSubheader disableSticky>{translate(`console.menu.${group}`)}</ListSubheader>
            {items.map((route) => (
              <Menu.Item key={route.path} to={route.path} primaryText={translate(route.title)} leftIcon={GROUP_ICON[group]} />
            ))}
          </Fragment>
        );
      })}
    </Menu>
  );
}
