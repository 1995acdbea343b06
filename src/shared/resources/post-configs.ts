import { AREA_RANK } from '../ranks';
import { postConfigInput, postConfigListResponse, postConfigResponse, postConfigSchema } from '../post-configs';
import { text } from './history';
import { declareResource } from './define';

/** Post Metrics: where mastered rows are posted (GCS, Tableau, Snowflake stage, a local folder); Collect Data. */
export const postConfigsResource = declareResource({
  name: 'post-configs',
  path: '/post-configs',
  rank: { read: AREA_RANK.collectData, write: AREA_RANK.collectData },
  noun: 'post configuration',
  history: { name: (record) => text(record.targetType), ignore: ['configId'] },
  schemas: { input: postConfigInput, record: postConfigSchema, list: postConfigListResponse, one: postConfigResponse },
  list: {
    sortable: ['id', 'dataType', 'targetType', 'targetMethod', 'inUse', 'createdAt', 'updatedAt'],
    defaultSort: ['updatedAt', 'DESC'],
    filters: {
      id: { kind: 'eq', type: 'integer' },
      dataType: { kind: 'eq', type: 'text' },
      targetMethod: { kind: 'eq', type: 'text' },
      inUse: { kind: 'eq', type: 'text' },
    },
    search: ['targetType', 'targetLocation'],
  },
});
