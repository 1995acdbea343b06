import { z } from 'zod';
import { msg } from './validation-messages';
import {
  PROCESS_TYPES,
  TARGET_METHODS,
  TASK_ERROR_IDS,
  TASK_KINDS,
  TASK_SCHEDULE_TYPES,
  TASK_STATUSES,
  type ProcessType,
  type TargetMethod,
  type TaskErrorId,
  type TaskKind,
  type TaskScheduleType,
  type TaskStatus,
} from './collect-constants';
import { responseMetaSchema, type ResponseMeta } from './collect-configs';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { day } from './fields';

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
  /** When a failed attempt runs again: set while the task waits (PENDING) after a failed attempt. */
  retryAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TaskLogLine {
  at: string;
  level: 'INFO' | 'WARN' | 'ERROR';
  message: string;
}

/** One attempt of a task's run, as the scheduler settled it. */
export interface TaskAttempt {
  attempt: number;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** RETRY: it failed and another attempt was scheduled. */
  outcome: 'SUCCESS' | 'RETRY' | 'ERROR';
  /** The source's HTTP status, when one answered. */
  status?: number;
  bytes?: number;
  pages?: number;
  rows?: number;
  /** The last URL called, its period filled and its secrets masked. */
  url?: string;
  errorId?: TaskErrorId;
}

export interface TaskDetail extends Task {
  dataLocation: string | null;
  targetLocation: string | null;
  /** What the last attempt read or sent. */
  responseMeta: ResponseMeta | null;
  /** The run's attempts, oldest first (a retry from the screen starts a new run); always answered, absent from a list's row. */
  attempts?: TaskAttempt[];
  logs: TaskLogLine[];
  /** A collect task's posting tasks. */
  postingTasks: Task[];
}

/**
 * The board's period, and `filter`: the task list's own filter as JSON (configId, status, taskKind, …),
 * so tiles, chart and process rows narrow with the list. Its from/to are ignored: the period is from/to.
 */
export const collectStatusQuery = z.object({ from: day.optional(), to: day.optional(), filter: z.string().max(4000, msg.filterTooLong).optional() }).superRefine((range, context) => {
  if (range.from && range.to && range.to < range.from) context.addIssue({ code: 'custom', path: ['to'], message: msg.endBeforeStart });
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
  /** When the latest task runs again after a failed attempt (its `retryAt`). */
  retryAt: string | null;
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
}

/* Answers of /api/tasks, /api/collect-status and the collect-config actions that queue tasks. */
export const taskSchema = z.object({
  id: z.number(),
  taskId: z.number(),
  taskKind: z.enum(TASK_KINDS),
  configId: z.number(),
  metricName: z.string().nullable(),
  postConfigId: z.number().nullable(),
  targetMethod: z.enum(TARGET_METHODS).nullable(),
  parentTaskId: z.number().nullable(),
  processId: z.string(),
  processType: z.enum(PROCESS_TYPES),
  scheduleType: z.enum(TASK_SCHEDULE_TYPES),
  scheduleId: z.number().nullable(),
  status: z.enum(TASK_STATUSES),
  attempt: z.number(),
  maxAttempts: z.number(),
  periodFrom: z.string(),
  periodTo: z.string(),
  dueAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  rowsFetched: z.number(),
  rowsMastered: z.number(),
  rowsPosted: z.number(),
  postsRowsPosted: z.number().optional(),
  errorId: z.enum(TASK_ERROR_IDS).nullable(),
  errorText: z.string().nullable(),
  retryAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Task>;

export const taskLogLineSchema = z.object({ at: z.string(), level: z.enum(['INFO', 'WARN', 'ERROR']), message: z.string() }) satisfies z.ZodType<TaskLogLine>;

export const taskAttemptSchema = z.object({
  attempt: z.number(),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number(),
  outcome: z.enum(['SUCCESS', 'RETRY', 'ERROR']),
  status: z.number().optional(),
  bytes: z.number().optional(),
  pages: z.number().optional(),
  rows: z.number().optional(),
  url: z.string().optional(),
  errorId: z.enum(TASK_ERROR_IDS).optional(),
}) satisfies z.ZodType<TaskAttempt>;

export const taskDetailSchema = taskSchema.extend({
  dataLocation: z.string().nullable(),
  targetLocation: z.string().nullable(),
  /** What the run read, and for a posting task what its poster said (server/jobs/posters/). */
  responseMeta: responseMetaSchema
    .extend({
      backup: z.string().optional(),
      /** TABLEAU: the published data source. */
      datasourceId: z.string().optional(),
      /** SNOWSTAGE: the rows Snowflake answered the PUT with. */
      put: z.array(z.record(z.string(), z.unknown())).optional(),
    })
    .nullable(),
  attempts: z.array(taskAttemptSchema).optional(),
  logs: z.array(taskLogLineSchema),
  postingTasks: z.array(taskSchema),
}) satisfies z.ZodType<TaskDetail>;

const collectProcessRowSchema = z.object({
  processId: z.string(),
  configId: z.number(),
  metricName: z.string(),
  dataType: z.string(),
  hourly: z.number(),
  weekly: z.number(),
  monthly: z.number(),
  scheduled: z.string().nullable(),
  mastered: z.number(),
  posted: z.number(),
  targets: z.number(),
  updatedAt: z.string().nullable(),
  status: z.enum([...TASK_STATUSES, 'SUSPENDED']).nullable(),
  retryAt: z.string().nullable(),
}) satisfies z.ZodType<CollectProcessRow>;

export const collectStatusSchema = z.object({
  from: z.string(),
  to: z.string(),
  totalMastered: z.number(),
  totalPosted: z.number(),
  successRate: z.number().nullable(),
  failedTask: z.number(),
  tasksPerDay: z.array(z.object({ day: z.string(), PENDING: z.number(), STARTED: z.number(), SUCCESS: z.number(), ERROR: z.number() })),
  processes: z.array(collectProcessRowSchema),
  running: z.boolean(),
}) satisfies z.ZodType<CollectStatus>;

export const taskListResponse = listEnvelopeOf(taskSchema);
export const taskResponse = envelopeOf(taskSchema);
export const taskDetailResponse = envelopeOf(taskDetailSchema);
/** Each queued task as read back (a task deleted meanwhile would be null). */
export const backfillResponse = envelopeOf(z.object({ tasks: z.array(taskSchema.optional()) }));
export const collectStatusResponse = envelopeOf(collectStatusSchema);
