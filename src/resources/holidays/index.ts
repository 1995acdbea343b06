import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { activeLine, dateLine, joined, propertyLine } from '../cardLines';

/** Holidays. Views load on first use. */
const holidays: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'holidays',
  listPath: '/system/holidays',
  title: 'resources.holidays.title',
  group: 'systemSetting',
  menuOrder: 70,
  requireRank: AREA_RANK.systemSetting,
  icon: EventIcon,
  list: lazy(() => import('./HolidayViews').then((module) => ({ default: module.HolidayList }))),
  cards: { primary: 'name', secondary: joined(dateLine('date'), propertyLine('countries', 'country')), tertiary: activeLine() },
  create: lazy(() => import('./HolidayViews').then((module) => ({ default: module.HolidayCreate }))),
  edit: lazy(() => import('./HolidayViews').then((module) => ({ default: module.HolidayEdit }))),
  show: lazy(() => import('./HolidayViews').then((module) => ({ default: module.HolidayShow }))),
  recordRepresentation: 'name',
};

export default holidays;
