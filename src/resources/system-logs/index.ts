import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';

/** The audit log (System Log). Read-only: entries are written by the server on every API call. */
const systemLogs: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'system-logs',
  listPath: '/log/system',
  title: 'console.screens.systemLog',
  group: 'systemLog',
  menuOrder: 10,
  requireRank: AREA_RANK.systemLog,
  icon: ReceiptLongIcon,
  list: lazy(() => import('./SystemLogList').then((module) => ({ default: module.SystemLogList }))),
  show: lazy(() => import('./SystemLogShow').then((module) => ({ default: module.SystemLogShow }))),
  recordRepresentation: 'eventId',
};

export default systemLogs;
