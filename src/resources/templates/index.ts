import { lazy } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { activeLine, dateLine, joined, ownField } from '../cardLines';

/** Dashboard templates (System Setting › Dashboard Templates). Views load on first use. */
const templates: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'templates',
  listPath: '/system/dashboard-template',
  title: 'console.screens.dashboardTemplate',
  group: 'systemSetting',
  menuOrder: 30,
  // Its screens are for those who manage it.
  requireRank: AREA_RANK.systemSetting,
  icon: DashboardIcon,
  list: lazy(() => import('./TemplateList').then((module) => ({ default: module.TemplateList }))),
  cards: { primary: 'name', secondary: ownField(() => import('./DataTypeField').then((module) => module.DataTypeField)), tertiary: joined(activeLine('status'), dateLine('createdAt', true)) },
  create: lazy(() => import('./TemplateCreate').then((module) => ({ default: module.TemplateCreate }))),
  edit: lazy(() => import('./TemplateEdit').then((module) => ({ default: module.TemplateEdit }))),
  show: lazy(() => import('./TemplateShow').then((module) => ({ default: module.TemplateShow }))),
  recordRepresentation: 'name',
};

export default templates;
