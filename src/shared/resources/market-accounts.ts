import { AREA_RANK } from '../ranks';
import { marketAccountInput, marketAccountListResponse, marketAccountResponse, marketAccountSchema } from '../market-accounts';
import { field } from './history';
import { declareResource } from './define';

/** The ad-platform accounts and secrets collectors use (Collect Data). */
export const marketAccountsResource = declareResource({
  name: 'market-accounts',
  path: '/market-accounts',
  rank: { read: AREA_RANK.collectData, write: AREA_RANK.collectData },
  noun: 'market account',
  history: { name: field('name') },
  schemas: { input: marketAccountInput, record: marketAccountSchema, list: marketAccountListResponse, one: marketAccountResponse },
  list: {
    sortable: ['id', 'platform', 'accountId', 'name', 'advertiser', 'country', 'activeFlag', 'createdAt', 'updatedAt'],
    defaultSort: ['updatedAt', 'DESC'],
    natural: ['name'],
    filters: {
      id: { kind: 'eq', type: 'integer' },
      platform: { kind: 'eq', type: 'text' },
      advertiser: { kind: 'eq', type: 'text' },
      country: { kind: 'eq', type: 'text' },
      activeFlag: { kind: 'eq', type: 'text' },
    },
    search: ['platform', 'accountId', 'name'],
  },
});
