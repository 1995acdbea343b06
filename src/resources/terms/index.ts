import { lazy } from 'react';
import GavelIcon from '@mui/icons-material/Gavel';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { activeLine, dateLine, joined, ownField } from '../cardLines';

/** Terms and their versions (System Setting › Terms). Views load on first use. */
const terms: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'terms',
  listPath: '/system/terms',
  title: 'console.screens.terms',
  group: 'systemSetting',
  menuOrder: 10,
  requireRank: AREA_RANK.systemSetting,
  icon: GavelIcon,
  list: lazy(() => import('./TermList').then((module) => ({ default: module.TermList }))),
  cards: {
    primary: 'title',
    secondary: joined(
      ownField(() => import('./TermTypeField').then((module) => module.TermTypeField)),
      activeLine(),
    ),
    tertiary: dateLine('effectiveAt', true),
  },
  create: lazy(() => import('./TermCreate').then((module) => ({ default: module.TermCreate }))),
  edit: lazy(() => import('./TermEdit').then((module) => ({ default: module.TermEdit }))),
  show: lazy(() => import('./TermShow').then((module) => ({ default: module.TermShow }))),
  recordRepresentation: 'title',
};

export default terms;
