import { AREA_RANK } from '../ranks';
import { systemLogEntryResponse, systemLogEntrySchema, systemLogListResponse } from '../system-logs';
import { declareResource } from './define';

/**
 * The System Log: one entry per API call, written by the server, read only. Its list's filters are
 * those of its export (systemLogFilter in ../system-logs.ts), declared here by what they compare.
 */
export const systemLogsResource = declareResource({
  name: 'system-logs',
  path: '/system-logs',
  rank: { read: AREA_RANK.systemLog, write: AREA_RANK.systemLog },
  operations: ['list', 'get'],
  noun: 'log entry',
  schemas: { record: systemLogEntrySchema, list: systemLogListResponse, one: systemLogEntryResponse },
  list: {
    // (request_at, id) is the log's index and its keyset.
    sortable: ['requestAt'],
    defaultSort: ['requestAt', 'DESC'],
    keyset: ['requestAt'],
    filters: {
      from: { kind: 'gte', type: 'text' },
      to: { kind: 'lte', type: 'text' },
      adminId: { kind: 'eq', type: 'integer' },
      email: { kind: 'contains', type: 'text' },
      httpMethod: { kind: 'eq', type: 'text' },
      statusClass: { kind: 'eq', type: 'text' },
      endPoint: { kind: 'contains', type: 'text' },
    },
  },
});
