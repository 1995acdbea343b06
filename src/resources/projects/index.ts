import { lazy } from 'react';
import FolderIcon from '@mui/icons-material/Folder';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';

/**
 * Projects: the list is the home screen; create, modify and detail are the SPEC §2 routes
 * (`/project/create`, `/project/modify/:id`, `/project/detail/:id`, see ProjectScreens).
 */
const projects: ConsoleResource = {
  name: 'projects',
  listPath: '/',
  requireRank: AREA_RANK.project,
  icon: FolderIcon,
  list: lazy(() => import('./ProjectList').then((module) => ({ default: module.ProjectList }))),
  recordRepresentation: 'name',
};

export default projects;
