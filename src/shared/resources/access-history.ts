import { AREA_RANK } from '../ranks';
import { accessHistoryEntrySchema, accessHistoryListResponse } from '../access-history';
import { envelopeOf } from '../envelope';
import { declareResource, type ListFilterDeclaration } from './define';

/**
 * A day bound of the time filter: a day covers all of it, and `to` before `from` is a 400
 * (list-query.ts, dayBound). listSpecOf passes it through as it is; ListFilterDeclaration does
 * not name the kind yet, hence the cast.
 */
const dayBound = (kind: 'dayFrom' | 'dayTo') => ({ kind }) as unknown as ListFilterDeclaration;
/** Only the two stored flags: any other value is a 400, not an empty page. */
const successFilter = { kind: 'eq', type: 'text', values: { Y: 'Y', N: 'N' } } as const;

/** Access History (User Management): sign-ins, dashboard views, project creations and uploads; read only, scoped to the caller's accounts. */
export const accessHistoryResource = declareResource({
  name: 'access-history',
  path: '/access-history',
  rank: { read: AREA_RANK.userManagement, write: AREA_RANK.userManagement },
  operations: ['list'],
  noun: 'access history entry',
  schemas: { record: accessHistoryEntrySchema, list: accessHistoryListResponse, one: envelopeOf(accessHistoryEntrySchema) },
  list: {
    sortable: ['id', 'occurredAt', 'email', 'eventType', 'success'],
    defaultSort: ['occurredAt', 'DESC'],
    keyset: ['id', 'occurredAt'],
    filters: {
      adminId: { kind: 'eq', type: 'integer' },
      eventType: { kind: 'eq', type: 'text' },
      success: successFilter,
      from: dayBound('dayFrom'),
      to: dayBound('dayTo'),
    },
    search: ['email', 'sourceIp'],
  },
});
