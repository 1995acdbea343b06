import { lazy } from 'react';
import DomainIcon from '@mui/icons-material/Domain';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { activeLine, dateLine, joined } from '../cardLines';

/** Allowed sign-up domains (System Setting › Allowed Domains). Views load on first use. */
const domains: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'domains',
  // The specification's path for this screen (docs/spec.md); everything else calls it `domains`.
  listPath: '/system/white-domain',
  title: 'console.screens.domains',
  group: 'systemSetting',
  menuOrder: 20,
  // Its screens are for those who manage it.
  requireRank: AREA_RANK.systemSetting,
  icon: DomainIcon,
  list: lazy(() => import('./DomainList').then((module) => ({ default: module.DomainList }))),
  cards: { primary: 'domain', secondary: 'description', tertiary: joined(activeLine(), dateLine('updatedAt', true)) },
  create: lazy(() => import('./DomainCreate').then((module) => ({ default: module.DomainCreate }))),
  edit: lazy(() => import('./DomainEdit').then((module) => ({ default: module.DomainEdit }))),
  show: lazy(() => import('./DomainShow').then((module) => ({ default: module.DomainShow }))),
  recordRepresentation: 'domain',
};

export default domains;
