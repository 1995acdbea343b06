import { z } from 'zod';
import { envelopeOf } from './envelope';

/**
 * The most data rows one import may hold: one transaction, each row checked and recorded as a single
 * create is (a preview of this many runs in a few seconds on SQLite). The server's refusal and the
 * dialog's hint both state it.
 */
export const IMPORT_MAX_ROWS = 10_000;
/** The most characters of one import's table text (a CSV file's or a pasted table's): room for the most rows. */
export const IMPORT_MAX_CHARS = 4_000_000;
/** The most bytes of one imported XLSX file (a workbook of the most rows takes well under 1 MiB). */
export const IMPORT_MAX_XLSX_BYTES = 4 * 1024 * 1024;
/** The length of the most bytes in base64, as an XLSX file travels in the JSON body. */
export const IMPORT_MAX_XLSX_CHARS = Math.ceil(IMPORT_MAX_XLSX_BYTES / 3) * 4;

/**
 * The body of POST <path>/import: the table as text (`csv`: CSV, a header row then a record a row,
 * or tab separated as a spreadsheet pastes it) or as an XLSX file in base64 (`xlsx`, its first
 * sheet read), and whether to create its records (`commit: true`) or only say what each row would
 * create and what is wrong with it (the default). `columns`, when given, is the person's choice of
 * field for each header, in order (null: leave the column out), taken in place of the match by header.
 */
const importColumnsInput = z.array(z.string().nullable()).optional();
export const importInput = z.union([
  z.strictObject({ csv: z.string().max(IMPORT_MAX_CHARS), commit: z.boolean().optional(), columns: importColumnsInput }),
  // Twice the limit reaches the server, which refuses a file over it in words (a larger body is cut off).
  z.strictObject({ xlsx: z.base64().max(IMPORT_MAX_XLSX_CHARS * 2), commit: z.boolean().optional(), columns: importColumnsInput }),
]);
export type ImportInput = z.infer<typeof importInput>;

/** A problem under one cell (`field`), or under the whole row or file (`field` empty): a message key or a server sentence, with its values. */
export const importProblemSchema = z.object({
  field: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** One data row of the table: its row number as a spreadsheet shows it (the header is row 1), its cells by field, its problems. */
export const importRowSchema = z.object({
  row: z.number(),
  values: z.record(z.string(), z.string().nullable()),
  problems: z.array(importProblemSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * What an import answers: each header and the field it was matched to (null: none; skipped: left
 * out), the rows, the
 * problems of the whole file (an unknown column, too many rows), and the ids created (none in a
 * preview). A commit with any problem answers 400 with the same data and creates nothing.
 */
export const importResultSchema = z.object({
  // `skipped`: a column the import leaves out, one the list shows but a create does not take (an
  // export's updated time), a field's words beside its code column, which is read instead, or one
  // the person chose to leave out.
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable(), skipped: z.boolean().optional() })),
  rows: z.array(importRowSchema),
  problems: z.array(importProblemSchema),
  created: z.array(z.union([z.number(), z.string()])),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importResponse = envelopeOf(importResultSchema);

/**
 * GET <path>/import-template: the fields a table may have (the required ones named, and the words a
 * field of a few choices takes: its label in either language is taken too), and a header row to start from.
 */
export const importTemplateSchema = z.object({
  fields: z.array(z.object({ field: z.string(), required: z.boolean(), choices: z.array(z.string()).optional() })),
  csv: z.string(),
});
export type ImportTemplate = z.infer<typeof importTemplateSchema>;
export const importTemplateResponse = envelopeOf(importTemplateSchema);

/** How many rows of an import have a problem, the file's own problems counted as one. */
export const importProblemCount = (result: Pick<ImportResult, 'rows' | 'problems'>): number => result.rows.filter((row) => row.problems.length > 0).length + (result.problems.length > 0 ? 1 : 0);
