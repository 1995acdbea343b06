import { z } from 'zod';
import { issueMessage, msg } from './validation-messages';
import { emailSchema } from './validation';
import { MASTER_FIELD_TYPES } from './datasets';
import {
  PAGINATION_TYPES,
  RESPONSE_FORMATS,
  SCHEDULE_TYPES,
  SOURCE_HTTP_METHODS,
  SOURCE_TYPES,
  WEEK_DAYS,
  type ScheduleType,
  type SourceType,
  type TaskStatus,
  type WeekDay,
} from './collect-constants';
import { activeFlag, code, day, relativePath, yesNo, type YesNo } from './fields';
import { isKnownTimeZone } from './date-time';
import { DISCOVERED_TYPES, type DiscoveredField } from './collect-discovery';
import { TASK_STATUSES } from './collect-constants';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { withoutControls } from './display-text';

export const headerEntry = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, msg.headerNameRequired)
    .max(100)
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, msg.headerNameInvalid),
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
  field: z.string().trim().min(1, msg.sourceFieldRequired).max(200),
  /** The master field it fills. */
  code: z
    .string()
    .trim()
    .min(1, msg.masterFieldRequired)
    .max(100)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, msg.lettersDigitsUnderscores),
  type: z.enum(MASTER_FIELD_TYPES).default('STRING'),
  /** Y: the row must have a value (a row without one fails master validation). */
  fieldFlag: yesNo.default('N'),
  /** Y: part of the master key (rows with the same key in one run are one row: the last wins). */
  masterFlag: yesNo.default('N'),
});
export type CollectField = z.output<typeof collectFieldSchema>;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const scheduleSchema = z
  .strictObject({
    id: z.number().int().positive().nullish(),
    scheduleType: z.enum(SCHEDULE_TYPES),
    /** HH:MM in the time zone; HOURLY uses the minutes only. */
    scheduledTime: z.string().regex(TIME_PATTERN, msg.timeFormat).default('00:00'),
    /** WEEKLY only. */
    scheduledDay: z.enum(WEEK_DAYS).nullish(),
    timeZone: z.string().trim().max(60).default('UTC'),
    startAt: day,
    endAt: day.nullish(),
    inUse: activeFlag.default('Y'),
  })
  .superRefine((schedule, context) => {
    if (schedule.endAt && schedule.endAt < schedule.startAt) context.addIssue({ code: 'custom', path: ['endAt'], message: msg.endBeforeStart });
    if (schedule.scheduleType === 'WEEKLY' && !schedule.scheduledDay) context.addIssue({ code: 'custom', path: ['scheduledDay'], message: msg.weeklyDay });
    if (!isKnownTimeZone(schedule.timeZone)) context.addIssue({ code: 'custom', path: ['timeZone'], message: msg.unknownTimeZone, params: { zone: schedule.timeZone } });
  });
export type ScheduleInput = z.input<typeof scheduleSchema>;

const collectConfigFields = {
  metricName: z.string().overwrite(withoutControls).trim().min(1, msg.metricNameRequired).max(100),
  advertiser: code(msg.advertiserRequired),
  dataType: code(msg.dataTypeRequired),
  sourceType: z.enum(SOURCE_TYPES),
  /** Free label of the source (platform, report name). */
  sourceName: z.string().overwrite(withoutControls).trim().max(100).nullish(),
  /** API: the http(s) URL ({{from}}/{{to}} allowed); FILE: a file or `*` pattern under DATA_DIR/inbox. */
  sourceLocation: z.string().trim().min(1, msg.sourceLocationRequired).max(2000),
  sourceMethod: sourceMethodSchema.default({ httpMethod: 'GET', headers: [], responseFormat: 'JSON', pagination: { type: 'NONE', maxPages: 1000 }, timeoutMs: 30_000 }),
  /** API: the market account whose secret is sent, and the header that carries it. */
  marketAccountId: z.number().int().positive().nullish(),
  keyName: z
    .string()
    .trim()
    .max(100)
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]*$/, msg.headerNameInvalid)
    .nullish(),
  /** Extra query parameters sent with every API request ({{from}}/{{to}} allowed). */
  configData: z.record(z.string().max(100), z.string().max(2000)).default({}),
  fields: z.array(collectFieldSchema).min(1, msg.mapOneField).max(200),
  schedules: z.array(scheduleSchema).max(20).default([]),
  /** Who gets the alert mail when a task of this config fails. */
  alertRecipients: z.array(emailSchema).max(20).default([]),
  inUse: activeFlag.default('Y'),
};

function checkCollectConfig(
  config: { sourceType: SourceType; sourceLocation: string; sourceMethod: SourceMethod; fields: CollectField[]; marketAccountId?: number | null; keyName?: string | null },
  context: z.core.$RefinementCtx,
) {
  if (config.sourceType === 'API' && !/^https?:\/\/[^\s]+$/i.test(config.sourceLocation)) {
    context.addIssue({ code: 'custom', path: ['sourceLocation'], message: msg.apiSourceUrl });
  }
  if (config.sourceType === 'FILE') {
    const checked = relativePath({ required: msg.sourceLocationRequired, outside: msg.sourceLocationOutside }).safeParse(config.sourceLocation);
    if (!checked.success) context.addIssue({ code: 'custom', path: ['sourceLocation'], ...issueMessage(checked.error.issues[0]) });
  }
  const pagination = config.sourceMethod.pagination;
  if (pagination.type === 'PAGE' && !pagination.pageParam) context.addIssue({ code: 'custom', path: ['sourceMethod', 'pagination', 'pageParam'], message: msg.pageParameterRequired });
  if (pagination.type === 'CURSOR' && !pagination.cursorParam) context.addIssue({ code: 'custom', path: ['sourceMethod', 'pagination', 'cursorParam'], message: msg.cursorParameterRequired });
  if (pagination.type === 'CURSOR' && !pagination.cursorPath) context.addIssue({ code: 'custom', path: ['sourceMethod', 'pagination', 'cursorPath'], message: msg.nextCursorRequired });
  if (config.marketAccountId && !config.keyName) context.addIssue({ code: 'custom', path: ['keyName'], message: msg.secretHeaderRequired });
  const seen = new Set<string>();
  config.fields.forEach((field, index) => {
    if (seen.has(field.code)) context.addIssue({ code: 'custom', path: ['fields', index, 'code'], message: msg.mappedTwice, params: { code: field.code } });
    seen.add(field.code);
  });
}

export const collectConfigInput = z.strictObject(collectConfigFields).superRefine(checkCollectConfig);
export type CollectConfigInput = z.input<typeof collectConfigInput>;

/**
 * "Test source": an unsaved config, its mapping possibly empty; answers the fields of the first page
 * and the mapped preview rows, stores nothing.
 */
export const testSourceInput = z
  .strictObject({ ...collectConfigFields, fields: z.array(collectFieldSchema).max(200).default([]), periodFrom: day.nullish(), periodTo: day.nullish() })
  .superRefine(checkCollectConfig);

export interface CollectSchedule {
  id: number;
  scheduleType: ScheduleType;
  scheduledTime: string;
  scheduledDay: WeekDay | null;
  timeZone: string;
  startAt: string;
  endAt: string | null;
  inUse: YesNo;
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
  /** The advertiser's name, which people read (the code is what a save sends). */
  advertiserName: string | null;
  keyName: string | null;
  configData: Record<string, string>;
  fields: CollectField[];
  schedules: CollectSchedule[];
  alertRecipients: string[];
  inUse: YesNo;
  /** Y after N failed tasks in a row: the scheduler skips it until it is resumed. */
  suspended: YesNo;
  suspendedAt: string | null;
  failureStreak: number;
  /** Earliest next due time of its schedules. */
  nextRunAt: string | null;
  lastTaskStatus: TaskStatus | null;
  /** When the latest task runs again after a failed attempt (it reads "Retrying"), else null. */
  lastTaskRetryAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const backfillInput = z.strictObject({ from: day, to: day }).superRefine((range, context) => {
  if (range.to < range.from) context.addIssue({ code: 'custom', path: ['to'], message: msg.endBeforeStart });
  else if ((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 >= MAX_BACKFILL_DAYS)
    context.addIssue({ code: 'custom', path: ['to'], message: msg.backfillDays, params: { maximum: MAX_BACKFILL_DAYS } });
});
export const MAX_BACKFILL_DAYS = 366;

export interface SourcePreview {
  /** Every field of the first page's rows, whatever the mapping says. */
  fields: DiscoveredField[];
  /** Rows read from the first page. */
  rowsRead: number;
  /** The page was longer than Test source reads (a CSV page is read up to DISCOVERY_MAX_BYTES). */
  truncated: boolean;
  /** Mapped rows of the first page (at most 20), keyed by master field code; none without a mapping. */
  rows: Record<string, string | number | null>[];
  /** Rows that fail master validation, with the reason. */
  errors: { row: number; message: string }[];
  /** Why the mapping cannot be applied to this page at all (a mapped CSV column is missing), or null. */
  mappingProblem: string | null;
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
  /** The last URL called, its period filled and its secrets masked. */
  url?: string;
}

export const responseMetaSchema = z.object({
  status: z.number().optional(),
  contentType: z.string().nullable().optional(),
  pages: z.number().optional(),
  rows: z.number().optional(),
  bytes: z.number().optional(),
  durationMs: z.number().optional(),
  files: z.array(z.string()).optional(),
  url: z.string().optional(),
}) satisfies z.ZodType<ResponseMeta>;

/* Answers of /api/collect-configs. The stored source method is answered as saved (keys added later may be missing). */
const storedSourceMethodSchema = z.object({
  httpMethod: z.enum(SOURCE_HTTP_METHODS).optional(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  body: z.string().nullish(),
  responseFormat: z.enum(RESPONSE_FORMATS).optional(),
  rowsPath: z.string().nullish(),
  pagination: z
    .object({
      type: z.enum(PAGINATION_TYPES).optional(),
      pageParam: z.string().nullish(),
      sizeParam: z.string().nullish(),
      pageSize: z.number().nullish(),
      cursorParam: z.string().nullish(),
      cursorPath: z.string().nullish(),
      maxPages: z.number().optional(),
    })
    .optional(),
  timeoutMs: z.number().optional(),
});

export const collectScheduleSchema = z.object({
  id: z.number(),
  scheduleType: z.enum(SCHEDULE_TYPES),
  scheduledTime: z.string(),
  scheduledDay: z.enum(WEEK_DAYS).nullable(),
  timeZone: z.string(),
  startAt: z.string(),
  endAt: z.string().nullable(),
  inUse: activeFlag,
  nextRunAt: z.string().nullable(),
}) satisfies z.ZodType<CollectSchedule>;

export const collectConfigSchema = z.object({
  id: z.number(),
  configId: z.number(),
  metricName: z.string(),
  advertiser: z.string(),
  dataType: z.string(),
  sourceType: z.enum(SOURCE_TYPES),
  sourceName: z.string().nullable(),
  sourceLocation: z.string(),
  sourceMethod: storedSourceMethodSchema,
  marketAccountId: z.number().nullable(),
  marketAccountName: z.string().nullable(),
  advertiserName: z.string().nullable(),
  keyName: z.string().nullable(),
  configData: z.record(z.string(), z.string()),
  fields: z.array(z.object({ field: z.string(), code: z.string(), type: z.enum(MASTER_FIELD_TYPES), fieldFlag: yesNo, masterFlag: yesNo })),
  schedules: z.array(collectScheduleSchema),
  alertRecipients: z.array(z.string()),
  inUse: activeFlag,
  suspended: yesNo,
  suspendedAt: z.string().nullable(),
  failureStreak: z.number(),
  nextRunAt: z.string().nullable(),
  lastTaskStatus: z.enum(TASK_STATUSES).nullable(),
  lastTaskRetryAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const discoveredFieldSchema = z.object({
  path: z.string(),
  mapPath: z.string(),
  type: z.enum(DISCOVERED_TYPES),
  samples: z.array(z.string()),
  present: z.number(),
}) satisfies z.ZodType<DiscoveredField>;

export const sourcePreviewSchema = z.object({
  fields: z.array(discoveredFieldSchema),
  rowsRead: z.number(),
  truncated: z.boolean(),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
  mappingProblem: z.string().nullable(),
  responseMeta: responseMetaSchema,
}) satisfies z.ZodType<SourcePreview>;

export const collectConfigListResponse = listEnvelopeOf(collectConfigSchema);
export const collectConfigResponse = envelopeOf(collectConfigSchema);
export const sourcePreviewResponse = envelopeOf(sourcePreviewSchema);
