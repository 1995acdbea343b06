import { z } from 'zod';
import type { ProcessType, TargetMethod, TaskErrorId, TaskKind, TaskScheduleType, TaskStatus } from './collect-constants';
import type { ResponseMeta } from './collect-configs';
import { day } from './collect-fields';

export interface Task {
  id: number;
  taskId: number;
  taskKind: TaskKind;
  configId: number;
  metricName: string | null;
  postConfigId: number | null;
  targetMethod: TargetMethod | null;
  /** The collect task a posting task belongs to. */
  parentTaskId: number | null;
  processId: string;
  processType: ProcessType;
  scheduleType: TaskScheduleType;
  scheduleId: number | null;
  status: TaskStatus;
  attempt: number;
  maxAttempts: number;
  periodFrom: string;
  periodTo: string;
  dueAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  rowsFetched: number;
  rowsMastered: number;
  rowsPosted: number;
  /** In the task list: the rows the task's post tasks posted (a collect run posts through them). */
  postsRowsPosted?: number;
  errorId: TaskErrorId | null;
  errorText: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TaskLogLine {
  at: string;
  level: 'INFO' | 'WARN' | 'ERROR';
  message: string;
}

export interface TaskDetail extends Task {
  dataLocation: string | null;
  targetLocation: string | null;
  responseMeta: ResponseMeta | null;
  logs: TaskLogLine[];
  /** A collect task's posting tasks. */
  postingTasks: Task[];
}

/**
 * The board's period, and `filter`: the task list's own filter as JSON (configId, status, taskKind, …),
 * so tiles, chart and process rows narrow with the list. Its from/to are ignored: the period is from/to.
 */
export const collectStatusQuery = z
  .object({ from: day.optional(), to: day.optional(), filter: z.string().max(4000, 'filter must be at most 4000 characters.').optional() })
  .superRefine((range, context) => {
    if (range.from && range.to && range.to < range.from) context.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date.' });
  });

export interface CollectProcessRow {
  /** One process per collect config. */
  processId: string;
  configId: number;
  metricName: string;
  dataType: string;
  /** Tasks of the config in the last hour, 7 days and 30 days (to now). */
  hourly: number;
  weekly: number;
  monthly: number;
  /** The next due time of its schedules, null when none. */
  scheduled: string | null;
  /** Rows mastered and posted in the period, each config period (and target) counted once however often it ran. */
  mastered: number;
  posted: number;
  /** Post configs in use for its data type. */
  targets: number;
  updatedAt: string | null;
  /** The latest task's status, or SUSPENDED. */
  status: TaskStatus | 'SUSPENDED' | null;
}

export interface CollectStatus {
  from: string;
  to: string;
  /** Distinct rows: a re-run or backfill of a period replaces its rows, it does not add to them. */
  totalMastered: number;
  totalPosted: number;
  /** Percent of finished tasks in the period that succeeded (0–100, one decimal); null with no finished task. */
  successRate: number | null;
  failedTask: number;
  tasksPerDay: { day: string; PENDING: number; STARTED: number; SUCCESS: number; ERROR: number }[];
  processes: CollectProcessRow[];
  /** True while some task is PENDING or STARTED: the board polls faster. */
  running: boolean;
  /** Tasks of the period (and filter) waiting to retry a failed attempt, and when they will run. */
  retries: { taskId: number; runAt: string }[];
}
