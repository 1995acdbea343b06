import { lazy } from 'react';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { dateLine, joined, ownField } from '../cardLines';

/**
 * Collect and posting tasks. Their list is part of the Collecting Status board (the drill-down
 * below the process rows), so `/tasks` leads there; a task's detail is `/tasks/:id/show`.
 */
const tasks: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'tasks',
  listPath: '/data/collect-status',
  title: 'console.screens.collectStatus',
  group: 'collectData',
  menuOrder: 10,
  requireRank: AREA_RANK.collectData,
  icon: MonitorHeartIcon,
  list: lazy(() => import('./CollectStatus').then((module) => ({ default: module.CollectStatus }))),
  cards: {
    primary: ownField(() => import('./TaskTable').then((module) => module.TaskCardName)),
    secondary: ownField(() => import('./TaskRunStatus').then((module) => module.TaskRunStatus)),
    tertiary: joined(
      ownField(() => import('./TaskTable').then((module) => module.TaskCardPeriod)),
      dateLine('createdAt', true),
    ),
  },
  show: lazy(() => import('./TaskShow').then((module) => ({ default: module.TaskShow }))),
  recordRepresentation: (record) => `#${record.id}`,
  // Its show page has no edit, but a retry is a person's change, and the log has it.
  history: true,
};

export default tasks;
