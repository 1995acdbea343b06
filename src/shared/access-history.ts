import { DB_INTEGER_MAX } from './list-bounds';
import { z } from 'zod';
import { msg } from './validation-messages';
import { yesNo } from './fields';
import { envelopeOf, listEnvelopeOf } from './envelope';

export const ACCESS_EVENT_TYPES = ['SIGN_IN', 'DASHBOARD_VIEW', 'PROJECT_CREATE', 'UPLOAD'] as const;
export type AccessEventType = (typeof ACCESS_EVENT_TYPES)[number];

/** A day (YYYY-MM-DD) or a full ISO-8601 UTC time. */
export const ISO_DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z)?$/;

const bound = z.string().regex(ISO_DATE_OR_TIME, msg.dateExample).optional();

/** GET /api/access-history/stats query. */
export const accessStatsQuery = z.strictObject({
  from: bound,
  to: bound,
  adminId: z.coerce.number().int().positive().max(DB_INTEGER_MAX).optional(),
});

/** One row of GET /api/access-history. */
export const accessHistoryEntrySchema = z.object({
  id: z.number(),
  adminId: z.number().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  /** One of ACCESS_EVENT_TYPES as the console writes them; answered as stored (rows from elsewhere may hold others). */
  eventType: z.string(),
  success: yesNo,
  sourceIp: z.string().nullable(),
  detail: z.string().nullable(),
  occurredAt: z.string(),
});
export type AccessHistoryEntry = z.infer<typeof accessHistoryEntrySchema>;

/** Access stats plus sign-ins per day for the chart. */
export const accessStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totalLoginCount: z.number(),
  totalDashboardViews: z.number(),
  totalProjectCreateCount: z.number(),
  totalUploadCount: z.number(),
  signInsPerDay: z.array(z.object({ day: z.string(), success: z.number(), failure: z.number() })),
});
export type AccessStats = z.infer<typeof accessStatsSchema>;

export const accessHistoryListResponse = listEnvelopeOf(accessHistoryEntrySchema);
export const accessStatsResponse = envelopeOf(accessStatsSchema);
