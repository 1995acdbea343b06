import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { chipLine, dateLine, joined, ownField } from '../cardLines';

/** Users (User Management › Users): approval, detail, edit. Views load on first use. */
const users: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'users',
  listPath: '/user/users',
  title: 'console.screens.users',
  group: 'userManagement',
  menuOrder: 10,
  requireRank: AREA_RANK.userManagement,
  icon: PeopleIcon,
  list: lazy(() => import('./UserList').then((module) => ({ default: module.UserList }))),
  cards: {
    primary: 'email',
    secondary: joined(
      'name',
      ownField(() => import('./AccountStateChip').then((module) => module.AccountStateChip)),
      chipLine('approvalStatusCode', 'resources.users.approval'),
    ),
    tertiary: dateLine('lastLoginAt', true),
  },
  edit: lazy(() => import('./UserEdit').then((module) => ({ default: module.UserEdit }))),
  show: lazy(() => import('./UserShow').then((module) => ({ default: module.UserShow }))),
  recordRepresentation: 'email',
  // Manual permissions are granted on Manual Upload's panel, but only by user managers: listed here, under their rank.
  apiResources: ['manual-permissions'],
};

export default users;
