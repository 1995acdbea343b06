import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { normaliseDate } from './dates';

/** One record of the file: its row number as a spreadsheet shows it, and its cells as text. */
export interface FileRecord {
  row: number;
  cells: (string | null)[];
}

export type FileKindOfUpload = 'csv' | 'xlsx';

/** Counts the bytes read from the file, for the parsing progress. */
function byteMeter(onBytes: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.length);
      callback(null, chunk);
    },
  });
}

/**
 * The records of a CSV, streamed: memory stays flat whatever the file size. Quoted cells may hold
 * newlines and a UTF-8 BOM is dropped; the row number counts records, header = row 1.
 */
async function* csvRecords(path: string, onBytes: (bytes: number) => void): AsyncGenerator<FileRecord> {
  const parser = createReadStream(path, { highWaterMark: 1 << 20 })
    .pipe(byteMeter(onBytes))
    .pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }));
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    row += 1;
    yield { row, cells: record.map((cell) => (cell === '' ? null : cell)) };
  }
}

function xlsxCell(value: ExcelJS.CellValue): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return normaliseDate(value) ?? null;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    // A formula cell is refused by its text, so its formula is what the validation sees.
    if ('formula' in value || 'sharedFormula' in value) return `=${(value as { formula?: string }).formula ?? ''}`;
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return null;
  }
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** The first worksheet of an XLSX, streamed row by row (exceljs' streaming reader). */
async function* xlsxRecords(path: string, onBytes: (bytes: number) => void): AsyncGenerator<FileRecord> {
  const input = createReadStream(path).pipe(byteMeter(onBytes));
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'emit' });
  for await (const worksheet of workbook) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      // row.values is 1-based with a hole at 0.
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      const cells = Array.from({ length: values.length }, (_, index) => xlsxCell(values[index]));
      if (cells.every((cell) => cell === null)) continue;
      yield { row: row.number, cells };
    }
    break;
  }
}

export function fileRecords(kind: FileKindOfUpload, path: string, onBytes: (bytes: number) => void): AsyncGenerator<FileRecord> {
  return kind === 'csv' ? csvRecords(path, onBytes) : xlsxRecords(path, onBytes);
}
