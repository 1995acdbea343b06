import { lazy } from 'react';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';

/**
 * Activity (System Log › Activity): who did what to which record, in words, with
 * the fields before and after. Read-only: the server records every change (server/modules/activity).
 */
const activity: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'activity',
  listPath: '/log/activity',
  title: 'console.screens.activity',
  group: 'systemLog',
  menuOrder: 20,
  requireRank: AREA_RANK.systemLog,
  icon: ManageHistoryIcon,
  list: lazy(() => import('./ActivityList').then((module) => ({ default: module.ActivityList }))),
};

export default activity;
