import { lazy } from 'react';
import FolderIcon from '@mui/icons-material/Folder';
import { AREA_RANK } from '../../shared/ranks';
import { PROJECT_DETAIL_ROUTE } from '../../shared/paths';
import type { ConsoleResource } from '../ConsoleResource';
import { codeLine, dateLine, joined, ownField } from '../cardLines';
import { ProjectCreateScreen, ProjectDetailPage, ProjectModifyScreen } from './ProjectScreens';

/**
 * Projects: the list is the home screen; create, modify and detail are routes of their own
 * (`/project/create`, `/project/modify/:id`, `/project/detail/:id`, see ProjectScreens).
 */
const projects: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the names and the rank to the declarations'.
  name: 'projects',
  listPath: '/',
  title: 'console.screens.projectList',
  group: 'project',
  menuOrder: 10,
  requireRank: AREA_RANK.project,
  icon: FolderIcon,
  list: lazy(() => import('./ProjectList').then((module) => ({ default: module.ProjectList }))),
  cards: {
    primary: 'name',
    secondary: joined(
      ownField(() => import('./ProjectStatusChip').then((module) => module.ProjectStatusChip)),
      codeLine('projectDataType', 'dataType'),
    ),
    tertiary: joined(dateLine('startAt'), dateLine('endAt')),
    // A row opens the project's detail screen, with its name for the top bar.
    link: (record) => ({ to: `/project/detail/${record.id}`, state: { projectName: record.name } }),
  },
  recordRepresentation: 'name',
  // Served to Project Detail's panels; declared in src/shared/resources, typed by the declarations' names as the entry's own is.
  apiResources: ['project-shares', 'plans'],
  screens: [
    { path: PROJECT_DETAIL_ROUTE, title: 'console.screens.projectDetail', view: ProjectDetailPage, hidden: true },
    { path: '/project/create', title: 'console.screens.projectCreate', view: ProjectCreateScreen, hidden: true },
    { path: '/project/modify/:id', title: 'console.screens.projectModify', view: ProjectModifyScreen, hidden: true },
  ],
};

export default projects;
