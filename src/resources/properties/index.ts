import { lazy } from 'react';
import TuneIcon from '@mui/icons-material/Tune';
import type { Property } from '../../shared/properties';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { joined, keyLine, ownField } from '../cardLines';
import { PROPERTIES_LIST_PATH } from './propertyListPath';

/** Code tables of the project forms (System Setting › Project Properties). Views load on first use. */
const properties: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'properties',
  listPath: PROPERTIES_LIST_PATH,
  title: 'console.screens.projectProperty',
  group: 'systemSetting',
  menuOrder: 50,
  // Its screens are for those who manage it.
  requireRank: AREA_RANK.systemSetting,
  icon: TuneIcon,
  list: lazy(() => import('./PropertyList').then((module) => ({ default: module.PropertyList }))),
  cards: {
    primary: 'name',
    // The code is the record's own key; a country's region by its name.
    secondary: joined(
      keyLine('code'),
      ownField(() => import('./RegionField').then((module) => module.RegionField)),
    ),
    tertiary: 'no',
  },
  create: lazy(() => import('./PropertyCreate').then((module) => ({ default: module.PropertyCreate }))),
  edit: lazy(() => import('./PropertyEdit').then((module) => ({ default: module.PropertyEdit }))),
  show: lazy(() => import('./PropertyShow').then((module) => ({ default: module.PropertyShow }))),
  recordRepresentation: (record) => `${record.code} ${(record as Property).name}`,
};

export default properties;
