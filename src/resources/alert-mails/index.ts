import { lazy } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { dateLine, ownField } from '../cardLines';

/** Mails of failed data-collection tasks, per procedure and error (System Setting › Alert Mail). */
const alertMails: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'alert-mails',
  listPath: '/system/alert-mail',
  title: 'console.screens.alertMail',
  group: 'systemSetting',
  menuOrder: 60,
  requireRank: AREA_RANK.systemSetting,
  icon: NotificationsIcon,
  list: lazy(() => import('./AlertMailList').then((module) => ({ default: module.AlertMailList }))),
  cards: { primary: 'procedure', secondary: ownField(() => import('./AlertErrorField').then((module) => module.AlertErrorField)), tertiary: dateLine('updatedAt', true) },
  create: lazy(() => import('./AlertMailCreate').then((module) => ({ default: module.AlertMailCreate }))),
  edit: lazy(() => import('./AlertMailEdit').then((module) => ({ default: module.AlertMailEdit }))),
  show: lazy(() => import('./AlertMailShow').then((module) => ({ default: module.AlertMailShow }))),
  recordRepresentation: (record) => `${record.procedure} ${record.errorId}`,
};

export default alertMails;
