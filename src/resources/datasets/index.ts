import { lazy } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleScreen } from '../ConsoleResource';

/**
 * Manual Upload (Project › Manual Upload): data sets and their uploads on one screen of their own,
 * not a react-admin list, so a screen rather than a resource; the upload parts live in ../uploads.
 * Its view loads on first use.
 */
const manualUpload: ConsoleScreen = {
  path: '/project/manual',
  title: 'console.screens.manualUpload',
  group: 'project',
  menuOrder: 20,
  requireRank: AREA_RANK.project,
  icon: UploadFileIcon,
  view: lazy(() => import('./ManualUpload').then((module) => ({ default: module.ManualUpload }))),
  // `datasets` is declared (src/shared/resources/datasets.ts); written here, typed by the declaration's name.
  apiResources: ['datasets', 'uploads'],
};

export default manualUpload;
