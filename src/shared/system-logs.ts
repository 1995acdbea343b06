import { z } from 'zod';
import { msg } from './validation-messages';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { DB_INTEGER_MAX, NO_NUL } from './list-bounds';

/** One API call as the system log keeps it. */
export const systemLogEntrySchema = z.object({
  id: z.number(),
  adminId: z.number().nullable(),
  email: z.string().nullable(),
  eventId: z.string(),
  endPoint: z.string(),
  httpMethod: z.string(),
  httpStatus: z.number(),
  queryParam: z.string().nullable(),
  requestBody: z.string().nullable(),
  requestAt: z.string(),
  sourceIp: z.string().nullable(),
});
export type SystemLogEntry = z.infer<typeof systemLogEntrySchema>;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;
export const DEFAULT_RETENTION_DAYS = 180;

export const retentionInput = z.strictObject({
  retentionDays: z.number({ message: msg.retentionDays }).int(msg.wholeDays).min(MIN_RETENTION_DAYS, msg.retentionMin).max(MAX_RETENTION_DAYS, msg.retentionMax),
});

/** GET /api/system-logs/retention/preview?days=N: what saving N would delete, nothing changed. */
export const retentionPreviewQuery = z.strictObject({
  days: z.coerce.number({ message: msg.retentionDays }).int(msg.wholeDays).min(MIN_RETENTION_DAYS, msg.retentionMin).max(MAX_RETENTION_DAYS, msg.retentionMax),
});

export const retentionPreviewSchema = z.object({
  retentionDays: z.number(),
  /** ISO instant: rows logged before it would be deleted. */
  cutoff: z.string(),
  rowsToDelete: z.number(),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

export const systemLogListResponse = listEnvelopeOf(systemLogEntrySchema);
export const systemLogEntryResponse = envelopeOf(systemLogEntrySchema);
/** A signed download link (the system-log and Data Explorer exports). */
export const exportLinkResponse = envelopeOf(z.object({ url: z.string() }));
export const retentionResponse = envelopeOf(z.object({ retentionDays: z.number() }));
export const retentionPreviewResponse = envelopeOf(retentionPreviewSchema);
export const retentionSavedResponse = envelopeOf(z.object({ retentionDays: z.number(), removed: z.number() }));

/** Filters of the system-log list and export. Dates are ISO instants; `to` must not precede `from`. */
export const systemLogFilter = z
  .strictObject({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    adminId: z.number().int().positive().max(DB_INTEGER_MAX).optional(),
    email: z.string().trim().max(254).regex(NO_NUL, msg.noNulCharacter).optional(),
    httpMethod: z.enum(HTTP_METHODS).optional(),
    statusClass: z.enum(STATUS_CLASSES).optional(),
    endPoint: z.string().trim().max(200).regex(NO_NUL, msg.noNulCharacter).optional(),
  })
  .refine((filter) => !filter.from || !filter.to || Date.parse(filter.from) <= Date.parse(filter.to), { message: msg.rangeEndBeforeStart, path: ['to'] });
export type SystemLogFilter = z.infer<typeof systemLogFilter>;
