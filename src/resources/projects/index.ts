import { lazy } from 'react';
import FolderIcon from '@mui/icons-material/Folder';
import { AREA_RANK } from '../../shared/ranks';
import { PROJECT_DETAIL_ROUTE } from '../../shared/paths';
import type { plansResource } from '../../shared/resources/plans';
import type { ConsoleResource } from '../ConsoleResource';
import { ProjectCreateScreen, ProjectDetailPage, ProjectModifyScreen } from './ProjectScreens';

/**
 * Projects: the list is the home screen; create, modify and detail are the SPEC §2 routes
 * (`/project/create`, `/project/modify/:id`, `/project/detail/:id`, see ProjectScreens).
 */
const projects: ConsoleResource = {
  name: 'projects',
  listPath: '/',
  title: 'console.screens.projectList',
  group: 'project',
  menuOrder: 10,
  requireRank: AREA_RANK.project,
  icon: FolderIcon,
  list: lazy(() => import('./ProjectList').then((module) => ({ default: module.ProjectList }))),
  recordRepresentation: 'name',
  // `plans` is declared (src/shared/resources/plans.ts); written here, typed by the declaration's name, as a menu entry's name is.
  apiResources: ['project-shares', 'plans' satisfies typeof plansResource.name],
  screens: [
    { path: PROJECT_DETAIL_ROUTE, title: 'console.screens.projectDetail', view: ProjectDetailPage, hidden: true },
    { path: '/project/create', title: 'console.screens.projectCreate', view: ProjectCreateScreen, hidden: true },
    { path: '/project/modify/:id', title: 'console.screens.projectModify', view: ProjectModifyScreen, hidden: true },
  ],
};

export default projects;
