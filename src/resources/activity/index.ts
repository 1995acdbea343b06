import { lazy } from 'react';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { dateLine, ownField, joined } from '../cardLines';

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
  cards: {
    primary: ownField(() => import('./ActivityWords').then((module) => module.ActivitySentenceField)),
    secondary: ownField(() => import('./ActivityWords').then((module) => module.ActivityChangesField)),
    // Not a link (a row opens nothing): the entry's revert is offered on its card as in its row.
    tertiary: joined(
      dateLine('occurredAt', true),
      ownField(() => import('./ActivityList').then((module) => module.RevertCell)),
    ),
  },
};

export default activity;
