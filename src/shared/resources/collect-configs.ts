import { AREA_RANK } from '../ranks';
import { collectConfigInput, collectConfigListResponse, collectConfigResponse, collectConfigSchema } from '../collect-configs';
import { field } from './history';
import { declareResource } from './define';

/** Collect Metrics: what to collect, how and when (Collect Data). */
export const collectConfigsResource = declareResource({
  name: 'collect-configs',
  path: '/collect-configs',
  rank: { read: AREA_RANK.collectData, write: AREA_RANK.collectData },
  noun: 'collect configuration',
  history: {
    name: field('metricName'),
    // The market account and the advertiser by their names, not their id and code.
    ignore: ['nextRunAt', 'lastTaskStatus', 'lastTaskRetryAt', 'failureStreak', 'suspendedAt', 'marketAccountId', 'advertiser', 'configId'],
  },
  schemas: { input: collectConfigInput, record: collectConfigSchema, list: collectConfigListResponse, one: collectConfigResponse },
  list: {
    sortable: ['id', 'metricName', 'advertiser', 'dataType', 'sourceType', 'inUse', 'suspended', 'createdAt', 'updatedAt'],
    defaultSort: ['updatedAt', 'DESC'],
    natural: ['metricName'],
    filters: {
      id: { kind: 'eq', type: 'integer' },
      advertiser: { kind: 'eq', type: 'text' },
      dataType: { kind: 'eq', type: 'text' },
      sourceType: { kind: 'eq', type: 'text' },
      inUse: { kind: 'eq', type: 'text' },
      suspended: { kind: 'eq', type: 'text' },
      marketAccountId: { kind: 'eq', type: 'integer' },
    },
    search: ['metricName', 'sourceName', 'sourceLocation'],
  },
});
