import { lazy } from 'react';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { activeLine, codeLine, dateLine, joined, propertyLine } from '../cardLines';

/** Collect metrics, the API master configs (Collect Data Setting › Collect Metrics). */
const collectConfigs: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'collect-configs',
  listPath: '/data/collect-metric',
  title: 'console.screens.collectMetric',
  group: 'collectData',
  menuOrder: 20,
  requireRank: AREA_RANK.collectData,
  icon: CloudDownloadIcon,
  list: lazy(() => import('./CollectConfigList').then((module) => ({ default: module.CollectConfigList }))),
  cards: {
    primary: 'metricName',
    secondary: joined(propertyLine('advertisers', 'advertiser'), propertyLine('data-types', 'dataType'), codeLine('sourceType', 'sourceType')),
    tertiary: joined(activeLine('inUse'), dateLine('updatedAt', true)),
  },
  create: lazy(() => import('./CollectConfigCreate').then((module) => ({ default: module.CollectConfigCreate }))),
  edit: lazy(() => import('./CollectConfigEdit').then((module) => ({ default: module.CollectConfigEdit }))),
  show: lazy(() => import('./CollectConfigShow').then((module) => ({ default: module.CollectConfigShow }))),
  recordRepresentation: 'metricName',
};

export default collectConfigs;
