import { AREA_RANK } from '../ranks';
import { datasetInput, datasetListResponse, datasetResponse, datasetSchema } from '../datasets';
import { field } from './history';
import { declareResource } from './define';

/**
 * Custom data sets, on the Manual Upload screen. Rank 5 reads them; of rank 5 only uploaders write
 * them, with user managers (the server's `writers` hook, requireDatasetManager).
 */
export const datasetsResource = declareResource({
  name: 'datasets',
  path: '/datasets',
  rank: { read: AREA_RANK.project, write: AREA_RANK.project },
  noun: 'dataset',
  history: { name: field('title'), ignore: ['rowCount', 'schemaLocked', 'dataTypeName'] },
  schemas: { input: datasetInput, record: datasetSchema, list: datasetListResponse, one: datasetResponse },
  list: {
    sortable: ['id', 'title', 'dataType', 'createdAt', 'updatedAt'],
    defaultSort: ['updatedAt', 'DESC'],
    natural: ['title'],
    filters: { id: { kind: 'eq', type: 'integer' }, title: { kind: 'contains', type: 'text' }, dataType: { kind: 'eq', type: 'text' } },
    search: ['title', 'description'],
  },
});
