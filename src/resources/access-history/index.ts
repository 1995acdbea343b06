import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { joined, dateLine, chipLine } from '../cardLines';

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
  cards: {
    primary: 'email',
    secondary: joined(chipLine('eventType', 'resources.access-history.events'), chipLine('success', 'resources.access-history.results')),
    tertiary: dateLine('occurredAt', true),
  },
};

export default accessHistory;
