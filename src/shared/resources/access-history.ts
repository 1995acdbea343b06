import { AREA_RANK } from '../ranks';
import { accessHistoryEntrySchema, accessHistoryListResponse } from '../access-history';
import { envelopeOf } from '../envelope';
import { declareResource } from './define';

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
      from: { kind: 'dayFrom' },
      to: { kind: 'dayTo' },
    },
    search: ['email', 'sourceIp'],
  },
});
