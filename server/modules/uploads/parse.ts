import { createReadStream } from 'node:fs';
import type ExcelJS from 'exceljs';
import { FILE_READ_LIMITS } from '../../../src/shared/upload-rules';
import { CsvReader } from '../../files/csv-reader';
import { normaliseDate } from './dates';
import { boundedXlsx } from './xlsx-parts';

/** One record of the file: its row number as a spreadsheet shows it, and its cells as text. */
export interface FileRecord {
  row: number;
  cells: (string | null)[];
}

export type FileKindOfUpload = 'csv' | 'xlsx';

/**
 * The records of a CSV, streamed a chunk at a time (64 KiB of text, ~500 rows, as one batch):
 * memory stays flat whatever the file size (a batch small enough to die young in V8's
 * nursery), and there is one await per chunk, not per row. The
 * row number counts records, header = row 1. Characters split between chunks are joined by the
 * stream's UTF-8 decoder.
 */
async function* csvRecords(path: string, onBytes: (bytes: number) => void): AsyncGenerator<FileRecord[]> {
  const reader = new CsvReader();
  let row = 0;
  let batch: FileRecord[] = [];
  const onRecord = (cells: (string | null)[]) => {
    row += 1;
    batch.push({ row, cells });
  };
  const input = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16 });
  for await (const text of input as AsyncIterable<string>) {
    onBytes(Buffer.byteLength(text));
    reader.push(text, onRecord);
    yield batch;
    batch = [];
  }
  reader.end(onRecord);
  if (batch.length) yield batch;
}

function xlsxCell(value: ExcelJS.CellValue): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return normaliseDate(value) ?? null;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    // A formula cell counts as the result the spreadsheet stored with it (a total stays a number);
    // without a stored result its formula is what the validation sees, and refuses.
    if ('formula' in value || 'sharedFormula' in value) {
      const { formula, result } = value as { formula?: string; result?: ExcelJS.CellValue };
      return result === undefined ? `=${formula ?? ''}` : xlsxCell(result);
    }
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return null;
  }
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** The first worksheet of an XLSX, streamed row by row (exceljs' streaming reader), one row a batch. */
async function* xlsxRecords(path: string, onBytes: (bytes: number) => void): AsyncGenerator<FileRecord[]> {
  // exceljs reads what boundedXlsx hands on: the parts it needs, inflated within the limits.
  const input = await boundedXlsx(path, onBytes);
  // Loaded on first use: exceljs takes longer to load than a CSV of thousands of rows takes to read.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'emit' });
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        // row.values is 1-based with a hole at 0.
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        const cells = Array.from({ length: values.length }, (_, index) => xlsxCell(values[index]));
        if (cells.every((cell) => cell === null)) continue;
        yield [{ row: row.number, cells }];
      }
      break;
    }
  } finally {
    // exceljs does not end its input when the rows stop early (a sample, a failure): the thread is long-lived.
    input.destroy();
  }
}

/**
 * The file's records in batches, in file order, within FILE_READ_LIMITS: every reader of an uploaded
 * file goes through here, on the reading thread (check-thread.ts), which also bounds its time and heap.
 */
export async function* fileRecords(kind: FileKindOfUpload, path: string, onBytes: (bytes: number) => void): AsyncGenerator<FileRecord[]> {
  const { maxRows, maxColumns } = FILE_READ_LIMITS;
  let rows = 0;
  for await (const records of kind === 'csv' ? csvRecords(path, onBytes) : xlsxRecords(path, onBytes)) {
    for (const record of records) {
      if (record.cells.length > maxColumns) throw new Error(`row ${record.row} has ${record.cells.length} cells, over the ${maxColumns} a row may have.`);
    }
    rows += records.length;
    // The header is a record too.
    if (rows > maxRows + 1) throw new Error(`it has more than ${maxRows.toLocaleString('en')} data rows, the most one upload may have; split it.`);
    yield records;
  }
}
