import { lazy } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { templatesResource } from '../../shared/resources/templates';
import type { ConsoleResource } from '../ConsoleResource';

/** Dashboard templates (System Setting › Dashboard Templates). Views load on first use. */
const templates: ConsoleResource = {
  name: templatesResource.name,
  listPath: '/system/dashboard-template',
  title: 'console.screens.dashboardTemplate',
  group: 'systemSetting',
  menuOrder: 30,
  // Its screens are for those who manage it.
  requireRank: templatesResource.rank.write,
  icon: DashboardIcon,
  list: lazy(() => import('./TemplateList').then((module) => ({ default: module.TemplateList }))),
  create: lazy(() => import('./TemplateCreate').then((module) => ({ default: module.TemplateCreate }))),
  edit: lazy(() => import('./TemplateEdit').then((module) => ({ default: module.TemplateEdit }))),
  show: lazy(() => import('./TemplateShow').then((module) => ({ default: module.TemplateShow }))),
  recordRepresentation: 'name',
};

export default templates;
