import { AREA_RANK } from '../ranks';
import { shareEntrySchema, shareInput, shareListResponse, sharePrivilegeInput, shareResponse } from '../projects';
import { declareResource } from './define';

/**
 * Who may see or change a project, on its Project Detail screen: whoever can see the project reads
 * its list, its owners add, change and remove entries (server/modules/project-shares). A share is
 * made for a person named by e-mail; afterwards only its privilege changes.
 */
export const projectSharesResource = declareResource({
  name: 'project-shares',
  path: '/project-shares',
  rank: { read: AREA_RANK.project, write: AREA_RANK.project },
  noun: 'share entry',
  schemas: { input: sharePrivilegeInput, create: shareInput, record: shareEntrySchema, list: shareListResponse, one: shareResponse },
  list: {
    sortable: ['id', 'email', 'privilege', 'createdAt'],
    defaultSort: ['id', 'ASC'],
    filters: { projectId: { kind: 'eq', type: 'integer' }, privilege: { kind: 'eq', type: 'text' } },
    search: ['email', 'firstName', 'lastName'],
  },
});
