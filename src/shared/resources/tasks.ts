import { AREA_RANK } from '../ranks';
import { taskDetailResponse, taskListResponse, taskSchema } from '../collect-tasks';
import { text } from './history';
import { declareResource } from './define';

/**
 * Collect and posting tasks, read on Collecting Status (the collect-data area). The scheduler
 * creates them; a failed one is retried by a command beside these routes (POST /tasks/{id}/retry).
 */
export const tasksResource = declareResource({
  name: 'tasks',
  path: '/tasks',
  rank: { read: AREA_RANK.collectData, write: AREA_RANK.collectData },
  operations: ['list', 'get'],
  noun: 'task',
  // Changed by the scheduler, and by a person only through a retry (recorded as such).
  history: { name: (record) => `#${text(record.id)} ${text(record.metricName)}`.trim() },
  schemas: { record: taskSchema, list: taskListResponse, one: taskDetailResponse },
  list: {
    sortable: ['id', 'configId', 'status', 'scheduleType', 'processType', 'taskKind', 'createdAt', 'updatedAt', 'startedAt', 'finishedAt'],
    defaultSort: ['id', 'DESC'],
    keyset: ['id', 'createdAt', 'updatedAt'],
    filters: {
      id: { kind: 'eq', type: 'integer' },
      configId: { kind: 'eq', type: 'integer' },
      postConfigId: { kind: 'eq', type: 'integer' },
      parentTaskId: { kind: 'eq', type: 'integer' },
      processId: { kind: 'eq', type: 'text' },
      status: { kind: 'eq', type: 'text' },
      scheduleType: { kind: 'eq', type: 'text' },
      processType: { kind: 'eq', type: 'text' },
      taskKind: { kind: 'eq', type: 'text' },
      errorId: { kind: 'eq', type: 'text' },
      from: { kind: 'dayFrom' },
      to: { kind: 'dayTo' },
    },
    search: ['errorText'],
  },
});
