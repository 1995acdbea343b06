import { AREA_RANK } from '../ranks';
import { planInput, planListResponse, planResponse, planSchema } from '../projects';
import { field } from './history';
import { declareResource } from './define';

/** A project's plans, shown on its Project Detail screen: whoever can see the project reads them, its editors and owners write them. */
export const plansResource = declareResource({
  name: 'plans',
  path: '/plans',
  rank: { read: AREA_RANK.project, write: AREA_RANK.project },
  noun: 'plan',
  history: { name: field('title'), ignore: ['projectName'] },
  schemas: { input: planInput, record: planSchema, list: planListResponse, one: planResponse },
  list: {
    sortable: ['id', 'title', 'dataType', 'createdAt', 'updatedAt'],
    defaultSort: ['createdAt', 'DESC'],
    natural: ['title'],
    filters: { projectId: { kind: 'eq', type: 'integer' }, dataType: { kind: 'eq', type: 'text' } },
    search: ['title', 'description'],
  },
});
