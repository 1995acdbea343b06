import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';

/** Access history (User Management › Access History): a read-only list with stats. */
const accessHistory: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'access-history',
  listPath: '/user/access-history',
  title: 'console.screens.accessHistory',
  group: 'userManagement',
  menuOrder: 20,
  requireRank: AREA_RANK.userManagement,
  icon: HistoryIcon,
  list: lazy(() => import('./AccessHistoryList').then((module) => ({ default: module.AccessHistoryList }))),
};

export default accessHistory;
