import { z } from 'zod';
import { msg, type ValidationMessage } from './validation-messages';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { withoutControls } from './display-text';

/**
 * Column types of a custom data set: DATE and VARCHAR, and NUMBER (docs/decisions.md).
 * Dates are stored normalised to YYYY-MM-DD, numbers as plain decimals (1,200.50 → 1200.50).
 */
export const DATASET_COLUMN_TYPES = ['DATE', 'VARCHAR', 'NUMBER'] as const;
export type DatasetColumnType = (typeof DATASET_COLUMN_TYPES)[number];

export const MAX_DATASET_COLUMNS = 50;
export const DATASET_TITLE_MAX = 100;

export const datasetColumnInput = z.strictObject({
  colName: z
    .string()
    .trim()
    .min(1, msg.columnNameRequired)
    .max(64, msg.atMostCharacters)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, msg.columnNameFormat),
  colType: z.enum(DATASET_COLUMN_TYPES, msg.columnType),
  required: z.boolean().default(false),
  key: z.boolean().default(false),
});

export const datasetInput = z.strictObject({
  title: z.string().overwrite(withoutControls).trim().min(1, msg.titleRequired).max(DATASET_TITLE_MAX, msg.atMostCharacters),
  dataType: z
    .string()
    .trim()
    .min(1, msg.dataTypeRequired)
    .max(20)
    .transform((value) => value.toUpperCase()),
  description: z.string().trim().max(1000, msg.atMostCharacters).nullish(),
  schemaInfo: z
    .array(datasetColumnInput)
    .min(1, msg.oneColumn)
    .max(MAX_DATASET_COLUMNS, msg.atMostColumns)
    .superRefine((columns, ctx) => {
      const seen = new Set<string>();
      columns.forEach((column, index) => {
        const name = column.colName.toLowerCase();
        if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [index, 'colName'], message: msg.usedTwice, params: { name: column.colName } });
        seen.add(name);
        if (column.key && !column.required) ctx.addIssue({ code: 'custom', path: [index, 'required'], message: msg.keyColumnRequired });
      });
    }),
});
export type DatasetInput = z.input<typeof datasetInput>;
export type DatasetColumn = z.output<typeof datasetColumnInput>;

/** A custom data set; `rowCount` > 0 locks the schema. */
export const datasetColumnSchema = z.object({ colName: z.string(), colType: z.enum(DATASET_COLUMN_TYPES), required: z.boolean(), key: z.boolean() }) satisfies z.ZodType<DatasetColumn>;
export const datasetSchema = z.object({
  id: z.number(),
  title: z.string(),
  dataType: z.string(),
  dataTypeName: z.string().nullable(),
  description: z.string().nullable(),
  schemaInfo: z.array(datasetColumnSchema),
  rowCount: z.number(),
  schemaLocked: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Dataset = z.infer<typeof datasetSchema>;
export const datasetListResponse = listEnvelopeOf(datasetSchema);
export const datasetResponse = envelopeOf(datasetSchema);
export const datasetOptionsResponse = envelopeOf(z.object({ dataTypes: z.array(z.object({ code: z.string(), name: z.string() })) }));
/**
 * Why a column of a file was proposed with its type, as a code the browser words
 * (resources.datasets.inferReasons.*): every sampled value a date (DATES) or a number (NUMBERS);
 * text because a value is neither (TEXT, with that value), because numbers with a leading zero
 * are codes such as 007 (LEADING_ZERO, with one) or because the sampled rows hold no value (EMPTY).
 */
export const INFER_REASONS = ['DATES', 'NUMBERS', 'TEXT', 'LEADING_ZERO', 'EMPTY'] as const;
export type InferReason = (typeof INFER_REASONS)[number];
export const inferredColumnReasonSchema = z.object({
  reason: z.enum(INFER_REASONS),
  /** Non-empty values sampled. */
  count: z.number(),
  /** The value the reason names: the first one sampled, or the one that made the column text. */
  example: z.string().nullable(),
});
export type InferredColumnReason = z.infer<typeof inferredColumnReasonSchema>;

/** POST /api/datasets/infer: a dataset proposed from a file, edited before it is saved; `reasons` follows `schemaInfo`, one per column. */
export const inferredDatasetSchema = z.object({
  title: z.string(),
  schemaInfo: z.array(datasetColumnSchema),
  reasons: z.array(inferredColumnReasonSchema),
  sampledRows: z.number(),
});
export const inferredDatasetResponse = envelopeOf(inferredDatasetSchema);

const sameColumn = (a: DatasetColumn, b: DatasetColumn) => a.colName === b.colName && a.colType === b.colType && a.required === b.required && a.key === b.key;

/**
 * Why a dataset holding rows cannot take this schema, or undefined when it can. Rows are stored
 * as values in schema order, so the columns it has stay as they are; optional columns may be added
 * at the end, which the stored rows read as empty.
 */
export function schemaChangeProblem(current: DatasetColumn[], next: DatasetColumn[]): ValidationMessage | undefined {
  for (const [index, column] of current.entries()) {
    const changed = next[index];
    if (!changed) return { message: msg.columnNotRemovable, params: { name: column.colName } };
    if (!sameColumn(column, changed)) return { message: msg.columnNotChangeable, params: { name: column.colName } };
  }
  const added = next.slice(current.length).find((column) => column.required || column.key);
  return added && { message: msg.newColumnOptional, params: { name: added.colName } };
}

/** Master info: the schema master data of a metric conforms to. */
export const MASTER_FIELD_TYPES = ['DATE', 'STRING', 'NUMBER'] as const;
export const masterInfoSchema = z.object({
  id: z.number(),
  metric: z.string(),
  dataSource: z.string(),
  dataType: z.string(),
  headers: z.array(z.object({ field: z.string(), type: z.enum(MASTER_FIELD_TYPES) })),
});
export type MasterInfo = z.infer<typeof masterInfoSchema>;
export const masterInfoListResponse = envelopeOf(z.array(masterInfoSchema));

/** A manual permission: a person and whether they hold UPLOADER. */
export const manualPermissionSchema = z.object({
  adminId: z.number(),
  name: z.string(),
  email: z.string(),
  privType: z.literal('UPLOADER').nullable(),
});
export type ManualPermission = z.infer<typeof manualPermissionSchema>;
export const manualPermissionListResponse = listEnvelopeOf(manualPermissionSchema);
/** The grant (privType UPLOADER) or the revoke (null) just made. */
export const manualPermissionChangeResponse = envelopeOf(z.object({ adminId: z.number(), privType: z.literal('UPLOADER').nullable() }));
export const manualPermissionInput = z.strictObject({
  adminId: z.number().int().positive(),
  privType: z.literal('UPLOADER', 'privType must be UPLOADER.'),
});
