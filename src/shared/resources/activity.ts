import { AREA_RANK } from '../ranks';
import { activityEntryResponse, activityEntrySchema, activityListResponse } from '../activity-schemas';
import { declareResource } from './define';

/**
 * The activity log, written by the server on every change, read only. The whole
 * log is the System Log's rank; one record's history (`resource` and `recordId` filters) is open to
 * whoever may read that record. Its filters are those of its export (activityFilter).
 */
export const activityResource = declareResource({
  name: 'activity',
  path: '/activity',
  rank: { read: AREA_RANK.systemLog, write: AREA_RANK.systemLog },
  operations: ['list', 'get'],
  noun: 'activity',
  schemas: { record: activityEntrySchema, list: activityListResponse, one: activityEntryResponse },
  list: {
    sortable: ['occurredAt'],
    defaultSort: ['occurredAt', 'DESC'],
    filters: {
      actorId: { kind: 'eq', type: 'integer' },
      resource: { kind: 'eq', type: 'text' },
      recordId: { kind: 'eq', type: 'text' },
      action: { kind: 'eq', type: 'text' },
      occurredFrom: { kind: 'gte', type: 'text' },
      // Exclusive in fact (activityFilter: the first instant left out); no declared kind names that yet.
      occurredTo: { kind: 'lte', type: 'text' },
    },
  },
});
