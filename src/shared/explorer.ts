import { z } from 'zod';
import { msg } from './validation-messages';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { EXPORT_FORMATS } from './export-names';

/**
 * The Data Explorer (a table by schema and tableName; its data as columns and rows): every
 * table the console holds — the master rows of one metric and data type, and each dataset.
 */
export const EXPLORER_SCHEMAS = ['master', 'dataset'] as const;
export type ExplorerSchema = (typeof EXPLORER_SCHEMAS)[number];

/** A column's type decides how its filter value is read: a NUMBER filter takes a number, a DATE filter a day. */
export const EXPLORER_COLUMN_TYPES = ['VARCHAR', 'STRING', 'NUMBER', 'DATE'] as const;
export type ExplorerColumnType = (typeof EXPLORER_COLUMN_TYPES)[number];

export const explorerColumnSchema = z.object({ name: z.string(), type: z.enum(EXPLORER_COLUMN_TYPES) });
export type ExplorerColumn = z.infer<typeof explorerColumnSchema>;

export const EXPLORER_TABLE_ID = /^(dataset|master)-([1-9]\d{0,9})$/;

/** One table as the explorer lists it; `id` is `dataset-<dataset id>` or `master-<first collect config id of the metric>`. */
export const explorerTableSchema = z.object({
  id: z.string().max(30).regex(EXPLORER_TABLE_ID, msg.tableId),
  schema: z.enum(EXPLORER_SCHEMAS),
  tableName: z.string(),
  dataType: z.string(),
  rowCount: z.number(),
});
export type ExplorerTable = z.infer<typeof explorerTableSchema>;

export const explorerTableDetailSchema = explorerTableSchema.extend({ columns: z.array(explorerColumnSchema) });
export type ExplorerTableDetail = z.infer<typeof explorerTableDetailSchema>;

/** One row of a table: its place in the answer's order (for the list's key) and its values in column order. */
export const explorerRowSchema = z.object({ id: z.number(), cells: z.array(z.union([z.string(), z.number(), z.null()])) });
export type ExplorerRow = z.infer<typeof explorerRowSchema>;

export const explorerTableListResponse = listEnvelopeOf(explorerTableSchema);
export const explorerTableResponse = envelopeOf(explorerTableDetailSchema);
export const explorerRowListResponse = listEnvelopeOf(explorerRowSchema);

export const explorerTableParams = explorerTableSchema.pick({ id: true });

/** POST /api/explorer/tables/{id}/export: the list's sort and filter, as the list sends them, and the file's format. */
export const explorerExportInput = z.strictObject({
  format: z.enum(EXPORT_FORMATS).optional(),
  sort: z.string().max(200).optional(),
  filter: z.string().max(4000).optional(),
});
