import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { dateLine, joined, keyLine, ownField } from '../cardLines';

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
  cards: {
    primary: 'endPoint',
    secondary: joined(
      // The protocol's word (GET, POST), drawn as the table's method column is.
      keyLine('httpMethod', 'ra-field-httpMethod'),
      ownField(() => import('./HttpStatusField').then((module) => module.HttpStatusField)),
    ),
    tertiary: joined(dateLine('requestAt', true), 'email'),
  },
  show: lazy(() => import('./SystemLogShow').then((module) => ({ default: module.SystemLogShow }))),
  recordRepresentation: 'eventId',
};

export default systemLogs;
