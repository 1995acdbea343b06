import { AREA_RANK } from '../ranks';
import { projectDetailSchema, projectInput, projectListResponse, projectResponse } from '../projects';
import { field } from './history';
import { declareResource } from './define';

/**
 * Projects, the home screen's list. Every rank-5 user reads the projects shared with them (admins
 * also those of their user-management scope); who may change, delete or create one is the
 * project's share privilege and the creator flag (server/modules/projects/access.ts), not a rank.
 */
export const projectsResource = declareResource({
  name: 'projects',
  path: '/projects',
  rank: { read: AREA_RANK.project, write: AREA_RANK.project },
  noun: 'project',
  // The reader's own privilege and the template's previews come with the record; no one edits them here.
  history: { name: field('name'), ignore: ['myPrivilege', 'templatePreviews'] },
  schemas: { input: projectInput, record: projectDetailSchema, list: projectListResponse, one: projectResponse },
  list: {
    sortable: ['id', 'name', 'status', 'dataType', 'dataSource', 'dashboardType', 'advertiser', 'ownerCountry', 'startAt', 'endAt', 'createdAt', 'updatedAt'],
    defaultSort: ['createdAt', 'DESC'],
    natural: ['name'],
    keyset: ['id', 'createdAt', 'updatedAt'],
    filters: {
      id: { kind: 'eq', type: 'integer' },
      status: { kind: 'eq', type: 'text' },
      dataType: { kind: 'eq', type: 'text' },
      dataSource: { kind: 'eq', type: 'text' },
      dashboardType: { kind: 'eq', type: 'text' },
      advertiser: { kind: 'eq', type: 'text' },
      ownerCountry: { kind: 'eq', type: 'text' },
      templateId: { kind: 'eq', type: 'integer' },
      /** Projects still running on or after this day (their end date). */
      from: { kind: 'gte', type: 'text' },
      /** Projects started on or before this day (their start date). */
      to: { kind: 'lte', type: 'text' },
    },
    search: ['name', 'description'],
  },
});
