import { z } from 'zod';

/**
 * The Data Explorer (SPEC §3 "Table name": schema, tableName; "Table data": columns, rows): every
 * table the console holds — the master rows of one metric and data type, and each dataset.
 */
export const EXPLORER_SCHEMAS = ['master', 'dataset'] as const;
export type ExplorerSchema = (typeof EXPLORER_SCHEMAS)[number];

/** A column's type decides how its filter value is read: a NUMBER filter takes a number, a DATE filter a day. */
export type ExplorerColumnType = 'VARCHAR' | 'STRING' | 'NUMBER' | 'DATE';

export interface ExplorerColumn {
  name: string;
  type: ExplorerColumnType;
}

/** One table as the explorer lists it; `id` is `dataset-<dataset id>` or `master-<first collect config id of the metric>`. */
export interface ExplorerTable {
  id: string;
  schema: ExplorerSchema;
  tableName: string;
  dataType: string;
  rowCount: number;
}

export interface ExplorerTableDetail extends ExplorerTable {
  columns: ExplorerColumn[];
}

/** One row of a table: its place in the answer's order (for the list's key) and its values in column order. */
export interface ExplorerRow {
  id: number;
  cells: (string | number | null)[];
}

export const EXPLORER_TABLE_ID = /^(dataset|master)-([1-9]\d{0,9})$/;
export const explorerTableParams = z.object({ id: z.string().max(30).regex(EXPLORER_TABLE_ID, 'id must name a table such as dataset-3 or master-7.') });

/** POST /api/explorer/tables/{id}/export: the list's sort and filter, as the list sends them. */
export const explorerExportInput = z.strictObject({
  sort: z.string().max(200).optional(),
  filter: z.string().max(4000).optional(),
});
