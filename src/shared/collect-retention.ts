import { z } from 'zod';
import { msg } from './validation-messages';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from './system-logs';
import { envelopeOf } from './envelope';

/**
 * Retention of collect history: finished tasks (with their logs) by when they were created, and
 * master rows by the end of the period they hold. Unset, nothing is deleted.
 */
export const COLLECT_RETENTION_KINDS = ['tasks', 'master-rows'] as const;
export type CollectRetentionKind = (typeof COLLECT_RETENTION_KINDS)[number];

const days = (base: z.ZodNumber) => base.int(msg.wholeDays).min(MIN_RETENTION_DAYS, msg.keepAtLeast).max(MAX_RETENTION_DAYS, msg.keepAtMost);

export const collectRetentionParams = z.object({ kind: z.enum(COLLECT_RETENTION_KINDS, msg.retentionKind) });
export const collectRetentionInput = z.strictObject({ retentionDays: days(z.number({ message: msg.retentionDays })) });
export const collectRetentionPreviewQuery = z.strictObject({ days: days(z.coerce.number({ message: msg.retentionDays })) });

/** GET /api/collect-retention: each kind's setting; null keeps everything. */
export const collectRetentionSettingsSchema = z.object({ tasks: z.number().nullable(), 'master-rows': z.number().nullable() });
export type CollectRetentionSettings = z.infer<typeof collectRetentionSettingsSchema>;
export const collectRetentionResponse = envelopeOf(collectRetentionSettingsSchema);
