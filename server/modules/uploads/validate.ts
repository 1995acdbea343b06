import type { DatasetColumn } from '../../../src/shared/datasets';
import { looksLikeFormula, type UploadProblem } from '../../../src/shared/upload-rules';
import { normaliseDate } from './dates';
import { normaliseNumber } from './numbers';
import { sentence } from '../../../src/i18n/serverMessage';

const MAX_CELL_CHARS = 4000;
/** Joins key values; a unit separator cannot appear in a trimmed CSV cell by accident. */
const KEY_SEPARATOR = '\u001f';

/** Checks one file against a data set's schema: the header once, then each record. */
export class RowValidator {
  /** For each schema column, its index in the file's header (-1 when missing). */
  private readonly cellIndexes: number[];
  private readonly keyColumns: number[];
  readonly headerProblems: UploadProblem[] = [];

  constructor(
    private readonly schema: DatasetColumn[],
    readonly headers: string[],
  ) {
    const byName = new Map<string, number>();
    headers.forEach((header, index) => {
      const name = header.trim();
      if (!name) {
        this.headerProblems.push({ row: 1, column: `#${index + 1}`, reason: 'UNKNOWN_COLUMN', message: sentence('uploads.columnOfTheHeaderHas', { index: index + 1 }) });
      } else if (byName.has(name.toLowerCase())) {
        this.headerProblems.push({ row: 1, column: name, reason: 'UNKNOWN_COLUMN', message: sentence('uploads.appearsTwiceInTheHeader', { name }) });
      } else {
        byName.set(name.toLowerCase(), index);
        if (!schema.some((column) => column.colName.toLowerCase() === name.toLowerCase())) {
          this.headerProblems.push({ row: 1, column: name, reason: 'UNKNOWN_COLUMN', message: sentence('uploads.isNotAColumnOf', { name }) });
        }
      }
    });
    this.cellIndexes = schema.map((column) => byName.get(column.colName.toLowerCase()) ?? -1);
    schema.forEach((column, index) => {
      if (this.cellIndexes[index] < 0)
        this.headerProblems.push({ row: 1, column: column.colName, reason: 'MISSING_COLUMN', message: sentence('uploads.theHeaderHasNoColumn', { colName: column.colName }) });
    });
    this.keyColumns = schema.flatMap((column, index) => (column.key ? [index] : []));
  }

  /**
   * The record's values in schema order with its key, or its problems. Dates come back as
   * YYYY-MM-DD, numbers as plain decimals; cells a spreadsheet would run as a formula are refused, not rewritten.
   */
  check(row: number, cells: (string | null)[], problems: (problem: UploadProblem) => void): { key: string | null; values: (string | null)[] } | undefined {
    // A plain loop without closures: this runs once per row, a million times for a large file.
    let valid = true;
    for (let index = this.headers.length; index < cells.length; index += 1) {
      if (cells[index] === null) continue;
      valid = false;
      problems({ row, column: `#${index + 1}`, reason: 'UNKNOWN_COLUMN', message: sentence('uploads.cellIsPastTheLast', { index: index + 1 }) });
    }
    const values: (string | null)[] = new Array(this.schema.length);
    for (let index = 0; index < this.schema.length; index += 1) {
      const column = this.schema[index];
      const cellIndex = this.cellIndexes[index];
      const cell = cellIndex < 0 ? null : (cells[cellIndex] ?? null);
      values[index] = cell;
      let problem: UploadProblem | undefined;
      if (cell === null) {
        if (column.required) problem = { row, column: column.colName, reason: 'MISSING_REQUIRED', message: sentence('uploads.isRequired', { colName: column.colName }) };
      } else if (column.colType === 'DATE') {
        const date = normaliseDate(cell);
        values[index] = date ?? null;
        if (!date) problem = { row, column: column.colName, reason: 'BAD_DATE', message: sentence('uploads.isNotADateUse', { cell: cell.slice(0, 40) }) };
      } else if (column.colType === 'NUMBER') {
        const number = normaliseNumber(cell);
        values[index] = number ?? null;
        if (!number) problem = { row, column: column.colName, reason: 'BAD_NUMBER', message: sentence('uploads.isNotANumberUse', { cell: cell.slice(0, 40) }) };
      } else if (looksLikeFormula(cell)) {
        problem = { row, column: column.colName, reason: 'FORMULA', message: sentence('uploads.startsLikeASpreadsheetFormula', { cell: cell.slice(0, 40) }) };
      } else if (cell.length > MAX_CELL_CHARS) {
        problem = { row, column: column.colName, reason: 'TOO_LONG', message: sentence('uploads.isLongerThanCharacters', { colName: column.colName, MAX_CELL_CHARS }) };
      }
      if (problem) {
        valid = false;
        problems(problem);
      }
    }
    if (!valid) return undefined;
    // Duplicates need every earlier key, so they are found over the staged rows (staging.ts).
    let key: string | null = null;
    if (this.keyColumns.length) {
      key = values[this.keyColumns[0]] ?? '';
      for (let index = 1; index < this.keyColumns.length; index += 1) key += KEY_SEPARATOR + (values[this.keyColumns[index]] ?? '');
    }
    return { key, values };
  }
}

/** A checked row whose key an earlier row of the file holds. */
export function duplicateKeyProblem(schema: DatasetColumn[], row: number, first: number): UploadProblem {
  const names = schema
    .filter((column) => column.key)
    .map((column) => column.colName)
    .join(', ');
  return { row, column: names, reason: 'DUPLICATE_KEY', message: sentence('uploads.rowHasTheSameKey', { first, names }) };
}
