import { z } from 'zod';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from './system-logs';
import { envelopeOf } from './envelope';

/**
 * Retention of collect history: finished tasks (with their logs) by when they were created, and
 * master rows by the end of the period they hold. Unset, nothing is deleted.
 */
export const COLLECT_RETENTION_KINDS = ['tasks', 'master-rows'] as const;
export type CollectRetentionKind = (typeof COLLECT_RETENTION_KINDS)[number];

const days = (base: z.ZodNumber) =>
  base.int('Enter a whole number of days.').min(MIN_RETENTION_DAYS, `Keep at least ${MIN_RETENTION_DAYS} day.`).max(MAX_RETENTION_DAYS, `Keep at most ${MAX_RETENTION_DAYS} days.`);

export const collectRetentionParams = z.object({ kind: z.enum(COLLECT_RETENTION_KINDS, 'kind must be tasks or master-rows.') });
export const collectRetentionInput = z.strictObject({ retentionDays: days(z.number({ message: 'Enter a number of days.' })) });
export const collectRetentionPreviewQuery = z.strictObject({ days: days(z.coerce.number({ message: 'Enter a number of days.' })) });

/** GET /api/collect-retention: each kind's setting; null keeps everything. */
export const collectRetentionSettingsSchema = z.object({ tasks: z.number().nullable(), 'master-rows': z.number().nullable() });
export type CollectRetentionSettings = z.infer<typeof collectRetentionSettingsSchema>;
export const collectRetentionResponse = envelopeOf(collectRetentionSettingsSchema);
