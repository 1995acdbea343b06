import { lazy } from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { activeLine, codeLine, joined, propertyLine } from '../cardLines';

/** Post metrics, the API post configs: where mastered rows are sent (Collect Data Setting › Post Metrics). */
const postConfigs: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'post-configs',
  listPath: '/data/post-metric',
  title: 'console.screens.postMetric',
  group: 'collectData',
  menuOrder: 30,
  requireRank: AREA_RANK.collectData,
  icon: CloudUploadIcon,
  list: lazy(() => import('./PostConfigList').then((module) => ({ default: module.PostConfigList }))),
  cards: { primary: 'targetType', secondary: joined(propertyLine('data-types', 'dataType'), codeLine('targetMethod', 'targetMethod')), tertiary: activeLine('inUse') },
  create: lazy(() => import('./PostConfigCreate').then((module) => ({ default: module.PostConfigCreate }))),
  edit: lazy(() => import('./PostConfigEdit').then((module) => ({ default: module.PostConfigEdit }))),
  show: lazy(() => import('./PostConfigShow').then((module) => ({ default: module.PostConfigShow }))),
  recordRepresentation: (record) => `${record.targetType} (${record.targetMethod})`,
};

export default postConfigs;
