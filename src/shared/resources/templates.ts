import { AREA_RANK } from '../ranks';
import { templateInput, templateListResponse, templateResponse, templateSchema } from '../templates';
import { field } from './history';
import { declareResource } from './define';

/** Dashboard templates: every signed-in user reads the active ones (the project forms offer them), System Setting writes. */
export const templatesResource = declareResource({
  name: 'templates',
  path: '/templates',
  rank: { read: AREA_RANK.project, write: AREA_RANK.systemSetting },
  noun: 'template',
  history: { name: field('name') },
  schemas: { input: templateInput, record: templateSchema, list: templateListResponse, one: templateResponse },
  list: {
    sortable: ['id', 'name', 'dataType', 'status', 'createdAt', 'updatedAt'],
    defaultSort: ['createdAt', 'DESC'],
    natural: ['name'],
    filters: {
      id: { kind: 'eq', type: 'integer' },
      name: { kind: 'contains', type: 'text' },
      dataType: { kind: 'eq', type: 'text' },
      status: { kind: 'eq', type: 'text' },
    },
    search: ['name', 'description'],
  },
});
