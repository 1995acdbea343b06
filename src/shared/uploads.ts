import { z } from 'zod';
import { msg } from './validation-messages';
import { UPLOAD_MODES, UPLOAD_STATUSES, type FilePreview, type UploadHistory, type UploadProblemReason } from './upload-rules';
import { envelopeOf, listEnvelopeOf } from './envelope';

export * from './upload-rules';

export const commitInput = z.strictObject({
  mode: z.enum(UPLOAD_MODES, msg.uploadMode),
});

const UPLOAD_PROBLEM_REASONS = [
  'MISSING_REQUIRED',
  'BAD_DATE',
  'BAD_NUMBER',
  'DUPLICATE_KEY',
  'UNKNOWN_COLUMN',
  'MISSING_COLUMN',
  'FORMULA',
  'TOO_LONG',
] as const satisfies readonly UploadProblemReason[];
const cells = z.array(z.string().nullable());

export const filePreviewSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(cells),
  problemRows: z.array(z.object({ row: z.number(), cells })).optional(),
  uploadedCount: z.number(),
  problems: z.array(z.object({ row: z.number(), column: z.string(), reason: z.enum(UPLOAD_PROBLEM_REASONS), message: z.string() })),
  problemCount: z.number(),
}) satisfies z.ZodType<FilePreview>;

export const uploadProgressSchema = z.object({ phase: z.enum(['PARSING', 'WRITING']), done: z.number(), total: z.number() });

export const uploadHistorySchema = z.object({
  id: z.number(),
  datasetId: z.number(),
  datasetTitle: z.string().nullable(),
  fileName: z.string(),
  sizeBytes: z.number(),
  status: z.enum(UPLOAD_STATUSES),
  reason: z.string().nullable(),
  mode: z.enum(UPLOAD_MODES).nullable(),
  rowCount: z.number(),
  uploadedCount: z.number(),
  problemCount: z.number(),
  addedCount: z.number().nullable(),
  replacedCount: z.number().nullable(),
  removedCount: z.number().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  fileUrl: z.string().nullable(),
  preview: filePreviewSchema.nullable().optional(),
  progress: uploadProgressSchema.nullable().optional(),
}) satisfies z.ZodType<UploadHistory>;

export const uploadListResponse = listEnvelopeOf(uploadHistorySchema);
export const uploadResponse = envelopeOf(uploadHistorySchema);
/** GET /api/uploads/{id}/progress: the caller's own upload while this instance works on it; a phase only while running. */
export const uploadProgressResponse = envelopeOf(
  z.discriminatedUnion('running', [uploadProgressSchema.extend({ running: z.literal(true) }), z.object({ running: z.literal(false), phase: z.null(), done: z.number(), total: z.number() })]),
);
