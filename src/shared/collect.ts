import { z } from 'zod';
import { emailSchema } from './validation';
import { MASTER_FIELD_TYPES } from './datasets';

/** Collect Data Setting (issue 7): market accounts, collect configs, post configs, tasks, the status board. */

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
  'SOURCE_TIMEOUT', 'SOURCE_HTTP_ERROR', 'SOURCE_MALFORMED', 'SOURCE_MISSING_COLUMNS', 'SOURCE_NOT_FOUND',
  'MASTER_VALIDATION', 'TARGET_AUTH', 'TARGET_ERROR', 'LEASE_LOST', 'INTERNAL',
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

const flag = z.enum(['Y', 'N']);
const code = (label: string) => z.string().trim().min(1, `Choose ${label}.`).max(20).transform((value) => value.toUpperCase());
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(DAY_PATTERN, 'Use a date as YYYY-MM-DD.').refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a real date.');
/** A relative path below a base folder: no absolute paths, no `..`. */
const relativePath = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(300)
    .refine((value) => !value.startsWith('/') && !value.split(/[\\/]/).includes('..') && !/^[A-Za-z]:/.test(value), `The ${label} must stay inside the data folder (no leading / and no ..).`);

/** True when the runtime knows the IANA time zone (the same check in the browser and the server). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone.length > 0;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Market accounts

export const marketAccountInput = z.strictObject({
  platform: z.string().trim().min(1, 'Enter the platform.').max(50).transform((value) => value.toUpperCase()),
  accountId: z.string().trim().min(1, 'Enter the account id.').max(100),
  name: z.string().trim().min(1, 'Enter the name.').max(100),
  advertiser: code('an advertiser'),
  country: code('a country'),
  /** Write-only: absent keeps the stored secret, null clears it, text replaces it. */
  secret: z.string().min(1, 'Enter the secret, or leave it unchanged.').max(4000).nullish(),
  activeFlag: flag.default('Y'),
});
export type MarketAccountInput = z.input<typeof marketAccountInput>;

export interface MarketAccount {
  id: number;
  platform: string;
  accountId: string;
  name: string;
  advertiser: string;
  country: string;
  /** Whether a secret is stored; the secret itself is never answered. */
  secretSet: boolean;
  activeFlag: 'Y' | 'N';
  createdAt: string;
  updatedAt: string;
}

// ---------------------------------------------------------------------------------------------
// Collect configs (SPEC "API master config")

export const headerEntry = z.strictObject({
  name: z.string().trim().min(1, 'Enter the header name.').max(100).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'Not a valid header name.'),
  value: z.string().max(2000),
});

export const paginationSchema = z.strictObject({
  type: z.enum(PAGINATION_TYPES).default('NONE'),
  /** PAGE: the query parameter of the page number (starts at 1). */
  pageParam: z.string().trim().max(50).nullish(),
  /** PAGE: optional page size parameter and value. */
  sizeParam: z.string().trim().max(50).nullish(),
  pageSize: z.number().int().min(1).max(10_000).nullish(),
  /** CURSOR: the query parameter that carries the cursor, and the JSON path of the next cursor in the answer. */
  cursorParam: z.string().trim().max(50).nullish(),
  cursorPath: z.string().trim().max(200).nullish(),
  /** Stops a runaway source; the task fails past it. */
  maxPages: z.number().int().min(1).max(10_000).default(1000),
});

export const sourceMethodSchema = z.strictObject({
  /** API only. */
  httpMethod: z.enum(SOURCE_HTTP_METHODS).default('GET'),
  headers: z.array(headerEntry).max(30).default([]),
  /** API POST body (text; {{from}} and {{to}} are replaced by the task's period). */
  body: z.string().max(20_000).nullish(),
  responseFormat: z.enum(RESPONSE_FORMATS).default('JSON'),
  /** JSON: dotted path to the array of rows (e.g. `data.rows`); empty means the answer itself is the array. */
  rowsPath: z.string().trim().max(200).nullish(),
  pagination: paginationSchema.default({ type: 'NONE', maxPages: 1000 }),
  timeoutMs: z.number().int().min(100).max(600_000).default(30_000),
});
export type SourceMethod = z.output<typeof sourceMethodSchema>;

export const collectFieldSchema = z.strictObject({
  /** The source field (JSON: dotted path in a row; CSV: column name). */
  field: z.string().trim().min(1, 'Enter the source field.').max(200),
  /** The master field it fills. */
  code: z.string().trim().min(1, 'Enter the master field.').max(100).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and underscores.'),
  type: z.enum(MASTER_FIELD_TYPES).default('STRING'),
  /** Y: the row must have a value (a row without one fails master validation). */
  fieldFlag: flag.default('N'),
  /** Y: part of the master key (rows with the same key in one run are one row: the last wins). */
  masterFlag: flag.default('N'),
});
export type CollectField = z.output<typeof collectFieldSchema>;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const scheduleSchema = z
  .strictObject({
    id: z.number().int().positive().nullish(),
    scheduleType: z.enum(SCHEDULE_TYPES),
    /** HH:MM in the time zone; HOURLY uses the minutes only. */
    scheduledTime: z.string().regex(TIME_PATTERN, 'Use a time as HH:MM.').default('00:00'),
    /** WEEKLY only. */
    scheduledDay: z.enum(WEEK_DAYS).nullish(),
    timeZone: z.string().trim().max(60).default('UTC'),
    startAt: day,
    endAt: day.nullish(),
    inUse: flag.default('Y'),
  })
  .superRefine((schedule, context) => {
    if (schedule.endAt && schedule.endAt < schedule.startAt) context.addIssue({ code: 'custom', path: ['endAt'], message: 'The end date must not be before the start date.' });
    if (schedule.scheduleType === 'WEEKLY' && !schedule.scheduledDay) context.addIssue({ code: 'custom', path: ['scheduledDay'], message: 'Choose the day of a weekly schedule.' });
    if (!isKnownTimeZone(schedule.timeZone)) context.addIssue({ code: 'custom', path: ['timeZone'], message: `${schedule.timeZone} is not a known time zone.` });
  });
export type ScheduleInput = z.input<typeof scheduleSchema>;

const collectConfigFields = {
  metricName: z.string().trim().min(1, 'Enter the metric name.').max(100),
  advertiser: code('an advertiser'),
  dataType: code('a data type'),
  sourceType: z.enum(SOURCE_TYPES),
  /** Free label of the source (platform, report name). */
  sourceName: z.string().trim().max(100).nullish(),
  /** API: the http(s) URL ({{from}}/{{to}} allowed); FILE: a file or `*` pattern under DATA_DIR/inbox. */
  sourceLocation: z.string().trim().min(1, 'Enter the source location.').max(2000),
  sourceMethod: sourceMethodSchema.default({ httpMethod: 'GET', headers: [], responseFormat: 'JSON', pagination: { type: 'NONE', maxPages: 1000 }, timeoutMs: 30_000 }),
  /** API: the market account whose secret is sent, and the header that carries it. */
  marketAccountId: z.number().int().positive().nullish(),
  keyName: z.string().trim().max(100).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]*$/, 'Not a valid header name.').nullish(),
  /** Extra query parameters sent with every API request ({{from}}/{{to}} allowed). */
  configData: z.record(z.string().max(100), z.string().max(2000)).default({}),
  fields: z.array(collectFieldSchema).min(1, 'Map at least one field.').max(200),
  schedules: z.array(scheduleSchema).max(20).default([]),
  /** Who gets the alert mail when a task of this config fails. */
  alertRecipients: z.array(emailSchema).max(20).default([]),
  inUse: flag.default('Y'),
};

function checkCollectConfig(config: { sourceType: SourceType; sourceLocation: string; sourceMethod: SourceMethod; fields: CollectField[]; marketAccountId?: number | null; keyName?: string | null }, context: z.core.$RefinementCtx) {
  if (config.sourceType === 'API' && !/^https?:\/\/[^\s]+$/i.test(config.sourceLocation)) {
    context.addIssue({ code: 'custom', path: ['sourceLocation'], message: 'An API source needs an http:// or https:// URL.' });
  }
  if (config.sourceType === 'FILE') {
    const checked = relativePath('source location').safeParse(config.sourceLocation);
    if (!checked.success) context.addIssue({ code: 'custom', path: ['sourceLocation'], message: checked.error.issues[0].message });
  }
  const pagination = config.sourceMethod.pagination;
  if (pagination.type === 'PAGE' && !pagination.pageParam) context.addIssue({ code: 'custom', path: ['sourceMethod', 'pagination', 'pageParam'], message: 'Enter the page parameter.' });
  if (pagination.type === 'CURSOR' && !pagination.cursorParam) context.addIssue({ code: 'custom', path: ['sourceMethod', 'pagination', 'cursorParam'], message: 'Enter the cursor parameter.' });
  if (pagination.type === 'CURSOR' && !pagination.cursorPath) context.addIssue({ code: 'custom', path: ['sourceMethod', 'pagination', 'cursorPath'], message: 'Enter the path of the next cursor.' });
  if (config.marketAccountId && !config.keyName) context.addIssue({ code: 'custom', path: ['keyName'], message: 'Enter the header that carries the account secret.' });
  const seen = new Set<string>();
  config.fields.forEach((field, index) => {
    if (seen.has(field.code)) context.addIssue({ code: 'custom', path: ['fields', index, 'code'], message: `${field.code} is mapped twice.` });
    seen.add(field.code);
  });
}

export const collectConfigInput = z.strictObject(collectConfigFields).superRefine(checkCollectConfig);
export type CollectConfigInput = z.input<typeof collectConfigInput>;

/** "Test source": an unsaved config; answers mapped preview rows of the first page, stores nothing. */
export const testSourceInput = z
  .strictObject({ ...collectConfigFields, periodFrom: day.nullish(), periodTo: day.nullish() })
  .superRefine(checkCollectConfig);

export interface CollectSchedule {
  id: number;
  scheduleType: ScheduleType;
  scheduledTime: string;
  scheduledDay: WeekDay | null;
  timeZone: string;
  startAt: string;
  endAt: string | null;
  inUse: 'Y' | 'N';
  /** The next due time (UTC ISO), null when the schedule has ended or is off. */
  nextRunAt: string | null;
}

export interface CollectConfig {
  id: number;
  configId: number;
  metricName: string;
  advertiser: string;
  dataType: string;
  sourceType: SourceType;
  sourceName: string | null;
  sourceLocation: string;
  sourceMethod: SourceMethod;
  marketAccountId: number | null;
  marketAccountName: string | null;
  keyName: string | null;
  configData: Record<string, string>;
  fields: CollectField[];
  schedules: CollectSchedule[];
  alertRecipients: string[];
  inUse: 'Y' | 'N';
  /** Y after N failed tasks in a row: the scheduler skips it until it is resumed. */
  suspended: 'Y' | 'N';
  suspendedAt: string | null;
  failureStreak: number;
  /** Earliest next due time of its schedules. */
  nextRunAt: string | null;
  lastTaskStatus: TaskStatus | null;
  createdAt: string;
  updatedAt: string;
}

export const backfillInput = z
  .strictObject({ from: day, to: day })
  .superRefine((range, context) => {
    if (range.to < range.from) context.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date.' });
    else if ((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 >= MAX_BACKFILL_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: `Backfill at most ${MAX_BACKFILL_DAYS} days at once.` });
  });
export const MAX_BACKFILL_DAYS = 366;

export interface SourcePreview {
  /** Mapped rows of the first page (at most 20), keyed by master field code. */
  rows: Record<string, string | number | null>[];
  /** Rows that fail master validation, with the reason. */
  errors: { row: number; message: string }[];
  responseMeta: ResponseMeta;
}

export interface ResponseMeta {
  status?: number;
  contentType?: string | null;
  pages?: number;
  rows?: number;
  bytes?: number;
  durationMs?: number;
  files?: string[];
}

// ---------------------------------------------------------------------------------------------
// Post configs (SPEC "API post config")

export const postHeaderSchema = z.strictObject({
  /** The master field code written in this column. */
  code: z.string().trim().min(1, 'Enter the field code.').max(100).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and underscores.'),
  type: z.enum(MASTER_FIELD_TYPES).default('STRING'),
  inUse: flag.default('Y'),
  order: z.number().int().min(0).max(1000),
});
export type PostHeader = z.output<typeof postHeaderSchema>;

/** Keys each target method needs in targetData (all text). */
export const TARGET_DATA_KEYS: Record<TargetMethod, { required: string[]; optional: string[] }> = {
  LOCAL: { required: [], optional: [] },
  GCS: { required: [], optional: ['projectId', 'apiEndpoint'] },
  TABLEAU: { required: ['serverUrl', 'tokenName', 'projectId'], optional: ['site', 'apiVersion'] },
  SNOWSTAGE: { required: ['account', 'username'], optional: ['warehouse', 'database', 'schema', 'role', 'accessUrl'] },
};

export const postConfigInput = z
  .strictObject({
    dataType: code('a data type'),
    /** Free label of what the target is (e.g. dashboard feed). */
    targetType: z.string().trim().min(1, 'Enter the target type.').max(50),
    targetMethod: z.enum(TARGET_METHODS),
    /** LOCAL: folder under DATA_DIR/posted; GCS: bucket[/prefix]; SNOWSTAGE: @stage[/path]; TABLEAU: data source name. */
    targetLocation: z.string().trim().min(1, 'Enter the target location.').max(500),
    targetData: z.record(z.string().max(50), z.string().max(2000)).default({}),
    /** Write-only: absent keeps the stored secret, null clears it, text replaces it. */
    targetSecret: z.string().min(1).max(20_000).nullish(),
    /** Y: every posted file is also copied to DATA_DIR/backup/<backupLocation>. */
    backupFlag: flag.default('N'),
    backupLocation: z.string().trim().max(300).nullish(),
    headers: z.array(postHeaderSchema).min(1, 'Add at least one header.').max(200),
    inUse: flag.default('Y'),
  })
  .superRefine((config, context) => {
    const keys = TARGET_DATA_KEYS[config.targetMethod];
    for (const key of keys.required) if (!config.targetData[key]?.trim()) context.addIssue({ code: 'custom', path: ['targetData', key], message: `Enter ${key}.` });
    for (const key of Object.keys(config.targetData)) {
      if (!keys.required.includes(key) && !keys.optional.includes(key)) context.addIssue({ code: 'custom', path: ['targetData', key], message: `${config.targetMethod} does not use ${key}.` });
    }
    const location = config.targetLocation;
    if (config.targetMethod === 'LOCAL' && !relativePath('target location').safeParse(location).success) context.addIssue({ code: 'custom', path: ['targetLocation'], message: 'The target location must be a folder inside the data folder (no leading / and no ..).' });
    if (config.targetMethod === 'GCS' && !/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9](\/[^\s]*)?$/.test(location)) context.addIssue({ code: 'custom', path: ['targetLocation'], message: 'Use bucket or bucket/prefix.' });
    if (config.targetMethod === 'SNOWSTAGE' && !/^@[\w.$~%-]+(\/[\w./-]*)?$/.test(location)) context.addIssue({ code: 'custom', path: ['targetLocation'], message: 'Use @stage or @stage/path.' });
    if (config.targetData.serverUrl && !/^https?:\/\//i.test(config.targetData.serverUrl)) context.addIssue({ code: 'custom', path: ['targetData', 'serverUrl'], message: 'Use an http:// or https:// URL.' });
    if (config.targetData.apiEndpoint && !/^https?:\/\//i.test(config.targetData.apiEndpoint)) context.addIssue({ code: 'custom', path: ['targetData', 'apiEndpoint'], message: 'Use an http:// or https:// URL.' });
    if (config.backupFlag === 'Y' && !relativePath('backup location').safeParse(config.backupLocation ?? '').success) context.addIssue({ code: 'custom', path: ['backupLocation'], message: 'Enter a backup folder inside the data folder (no leading / and no ..).' });
    const codes = new Set<string>();
    config.headers.forEach((header, index) => {
      if (codes.has(header.code)) context.addIssue({ code: 'custom', path: ['headers', index, 'code'], message: `${header.code} is listed twice.` });
      codes.add(header.code);
    });
  });
export type PostConfigInput = z.input<typeof postConfigInput>;

export interface PostConfig {
  id: number;
  configId: number;
  dataType: string;
  targetType: string;
  targetMethod: TargetMethod;
  targetLocation: string;
  targetData: Record<string, string>;
  /** Whether a secret is stored; the secret itself is never answered. */
  secretSet: boolean;
  backupFlag: 'Y' | 'N';
  backupLocation: string | null;
  headers: PostHeader[];
  inUse: 'Y' | 'N';
  createdAt: string;
  updatedAt: string;
}

export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Tasks (SPEC "Task")

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

// ---------------------------------------------------------------------------------------------
// Collecting status board (SPEC "Dashboard data")

export const collectStatusQuery = z
  .object({ from: day.optional(), to: day.optional() })
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
  /** Rows mastered and posted in the period. */
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
