import { AREA_RANK } from '../ranks';
import { domainInput, domainListResponse, domainResponse, domainSchema } from '../domains';
import { field } from './history';
import { declareResource } from './define';

/** Allowed Domains: the e-mail domains that may sign up (System Setting). */
export const domainsResource = declareResource({
  name: 'domains',
  path: '/domains',
  rank: { read: AREA_RANK.systemSetting, write: AREA_RANK.systemSetting },
  noun: 'domain',
  history: { name: field('domain') },
  schemas: { input: domainInput, record: domainSchema, list: domainListResponse, one: domainResponse },
  // Turning many domains on or off at once (a company's several domains).
  bulkEdit: ['activeFlag'],
  // A company's domains, listed in a spreadsheet, brought in at once.
  importable: true,
  list: {
    sortable: ['id', 'domain', 'activeFlag', 'updatedAt', 'createdAt'],
    defaultSort: ['domain', 'ASC'],
    filters: { id: { kind: 'eq', type: 'integer' }, activeFlag: { kind: 'eq', type: 'text' } },
    search: ['domain', 'description'],
  },
});
