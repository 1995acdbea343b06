import { AREA_RANK } from '../ranks';
import { propertyInput, propertyListResponse, propertyResponse, propertySchema } from '../properties';
import { text } from './history';
import { declareResource } from './define';

/** Regions, countries, companies, advertisers and data types: every signed-in user reads them (forms pick codes from them), System Setting writes. */
export const propertiesResource = declareResource({
  name: 'properties',
  path: '/properties',
  rank: { read: AREA_RANK.project, write: AREA_RANK.systemSetting },
  noun: 'property',
  history: { name: (record) => `${text(record.code)} ${text(record.name)}`.trim() },
  // A row names its kind in a column: the create's body does, so a spreadsheet may hold several kinds (a region and its countries).
  importable: true,
  schemas: { input: propertyInput, record: propertySchema, list: propertyListResponse, one: propertyResponse },
  list: {
    sortable: ['code', 'name', 'no', 'id'],
    defaultSort: ['no', 'ASC'],
    natural: ['name'],
    filters: { kind: { kind: 'eq', type: 'text' }, regionCode: { kind: 'eq', type: 'text' } },
    search: ['code', 'name'],
  },
});
