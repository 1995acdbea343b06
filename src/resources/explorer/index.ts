import { lazy } from 'react';
import TableViewIcon from '@mui/icons-material/TableView';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { codeLine, joined, propertyLine } from '../cardLines';

/**
 * The Data Explorer (Project › Data Explorer): the tables the console holds, as schema and table
 * name; a table opens at /explorer/:id/show with its columns and rows. The list is open to rank 5;
 * the server answers each person only the tables whose data they may read.
 */
const explorer: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'explorer',
  listPath: '/project/explorer',
  title: 'console.screens.dataExplorer',
  group: 'project',
  menuOrder: 30,
  requireRank: AREA_RANK.project,
  icon: TableViewIcon,
  list: lazy(() => import('./ExplorerList').then((module) => ({ default: module.ExplorerList }))),
  cards: { primary: 'tableName', secondary: joined(codeLine('explorerSchema', 'schema'), propertyLine('data-types', 'dataType')), tertiary: 'rowCount' },
  show: lazy(() => import('./ExplorerTableShow').then((module) => ({ default: module.ExplorerTableShow }))),
  recordRepresentation: 'tableName',
};

export default explorer;
