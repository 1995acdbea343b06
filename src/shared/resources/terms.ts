import { AREA_RANK } from '../ranks';
import { termCreateInput, termListResponse, termResponse, termSchema, termUpdateInput } from '../terms';
import { field } from './history';
import { declareResource } from './define';

/** Terms people accept at sign-up and sign-in, with their versions (System Setting). */
export const termsResource = declareResource({
  name: 'terms',
  path: '/terms',
  rank: { read: AREA_RANK.systemSetting, write: AREA_RANK.systemSetting },
  noun: 'term',
  history: { name: field('title'), ignore: ['versions'] },
  schemas: { input: termUpdateInput, create: termCreateInput, record: termSchema, list: termListResponse, one: termResponse },
  list: {
    sortable: ['id', 'title', 'type', 'activeFlag', 'effectiveAt', 'versionCount', 'updatedAt', 'createdAt'],
    defaultSort: ['title', 'ASC'],
    natural: ['title'],
    filters: {
      id: { kind: 'eq', type: 'integer' },
      title: { kind: 'contains', type: 'text' },
      type: { kind: 'eq', type: 'text' },
      activeFlag: { kind: 'eq', type: 'text' },
    },
    search: ['title'],
  },
});
