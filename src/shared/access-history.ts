import { DB_INTEGER_MAX } from './list-bounds';
import { z } from 'zod';

export const ACCESS_EVENT_TYPES = ['SIGN_IN', 'DASHBOARD_VIEW', 'PROJECT_CREATE', 'UPLOAD'] as const;
export type AccessEventType = (typeof ACCESS_EVENT_TYPES)[number];

/** A day (YYYY-MM-DD) or a full ISO-8601 UTC time. */
export const ISO_DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z)?$/;

const bound = z.string().regex(ISO_DATE_OR_TIME, 'Use a date such as 2024-05-31.').optional();

/** GET /api/access-history/stats query. */
export const accessStatsQuery = z.strictObject({
  from: bound,
  to: bound,
  adminId: z.coerce.number().int().positive().max(DB_INTEGER_MAX).optional(),
});

/** One row of GET /api/access-history. */
export interface AccessHistoryEntry {
  id: number;
  adminId: number | null;
  email: string;
  name: string | null;
  eventType: AccessEventType;
  success: 'Y' | 'N';
  sourceIp: string | null;
  detail: string | null;
  occurredAt: string;
}

/** SPEC §3 "Access stats" plus sign-ins per day for the chart. */
export interface AccessStats {
  from: string;
  to: string;
  totalLoginCount: number;
  totalDashboardViews: number;
  totalProjectCreateCount: number;
  totalUploadCount: number;
  signInsPerDay: { day: string; success: number; failure: number }[];
}
