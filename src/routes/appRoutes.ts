import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ConsoleScreen } from '../resources/ConsoleResource';
import { AREA_RANK } from '../shared/ranks';
import { lazyNamed } from './lazyNamed';

const ManualUpload = lazyNamed(() => import('../pages/ManualUpload'), 'ManualUpload');

/** Manual Upload: a screen inside the layout that is no single resource (data sets and their uploads). */
export const manualUploadScreen: ConsoleScreen = {
  path: '/project/manual',
  title: 'console.screens.manualUpload',
  group: 'project',
  icon: UploadFileIcon,
  requireRank: AREA_RANK.project,
  view: ManualUpload,
  apiResources: ['datasets', 'uploads'],
};
