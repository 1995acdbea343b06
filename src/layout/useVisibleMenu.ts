import { usePermissions } from 'react-admin';
import { GUEST_RANK } from '../shared/ranks';
import type { ConsolePermissions } from '../providers/authProvider';
import { appMenu } from './appMenu';
import { visibleMenuItems, type MenuItem } from './menuModel';

/** The menu as the signed-in user may see it: nothing beyond their rank, nothing hidden. */
export function useVisibleMenu(menu: MenuItem[] = appMenu): MenuItem[] {
  const { permissions } = usePermissions<ConsolePermissions>();
  return visibleMenuItems(menu, permissions?.rank ?? GUEST_RANK);
}
