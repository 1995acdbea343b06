import { MASTER_FIELD_TYPES } from './datasets';

/** Collect Data Setting: the enums and names shared by its resources. */
export const SOURCE_TYPES = ['API', 'FILE'] as const;
export const SOURCE_HTTP_METHODS = ['GET', 'POST'] as const;
export const RESPONSE_FORMATS = ['JSON', 'CSV'] as const;
export const PAGINATION_TYPES = ['NONE', 'CURSOR', 'PAGE'] as const;
export const SCHEDULE_TYPES = ['DAILY', 'HOURLY', 'WEEKLY'] as const;
/** How a task was started: a schedule's type, by hand, or a backfill day. */
export const TASK_SCHEDULE_TYPES = [...SCHEDULE_TYPES, 'MANUAL', 'BACKFILL'] as const;
export const WEEK_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export const TARGET_METHODS = ['GCS', 'TABLEAU', 'SNOWSTAGE', 'LOCAL'] as const;
/** PENDING: waiting for a worker (new, or a retry after its backoff); STARTED: claimed and running. */
export const TASK_STATUSES = ['PENDING', 'STARTED', 'SUCCESS', 'ERROR'] as const;
/** A collect task is MASTERING until its rows are stored, then MASTERED; posting tasks work on MASTERED data. */
export const PROCESS_TYPES = ['MASTERING', 'MASTERED'] as const;
/** COLLECT fetches and masters one config's rows; POST sends them to one post config. */
export const TASK_KINDS = ['COLLECT', 'POST'] as const;
/** Why a task failed; also the alert mail's errorId. */
export const TASK_ERROR_IDS = [
  'SOURCE_TIMEOUT',
  'SOURCE_HTTP_ERROR',
  'SOURCE_UNREACHABLE',
  'SOURCE_REFUSED',
  'SOURCE_AUTH',
  'SOURCE_MALFORMED',
  'SOURCE_MISSING_COLUMNS',
  'SOURCE_NOT_FOUND',
  'MASTER_VALIDATION',
  'TARGET_AUTH',
  'TARGET_ERROR',
  'LEASE_LOST',
  'INTERNAL',
] as const;
/** Alert mail procedures (alert-mails resource) of the collect jobs. */
export const COLLECT_ALERT_PROCEDURES = { collect: 'collect', post: 'post' } as const;

export type SourceType = (typeof SOURCE_TYPES)[number];
export type SourceHttpMethod = (typeof SOURCE_HTTP_METHODS)[number];
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];
export type PaginationType = (typeof PAGINATION_TYPES)[number];
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export type TaskScheduleType = (typeof TASK_SCHEDULE_TYPES)[number];
export type WeekDay = (typeof WEEK_DAYS)[number];
export type TargetMethod = (typeof TARGET_METHODS)[number];
export type MasterFieldType = (typeof MASTER_FIELD_TYPES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type ProcessType = (typeof PROCESS_TYPES)[number];
export type TaskKind = (typeof TASK_KINDS)[number];
export type TaskErrorId = (typeof TASK_ERROR_IDS)[number];
