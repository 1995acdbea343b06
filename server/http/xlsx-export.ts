import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell as XLSX holds it: numbers as numbers, the rest as text, formula-safe as the CSV cell is (src/shared/csv.ts). */
function xlsxValue(value: unknown): string | number {
  if (typeof value === 'number') return value;
  const text = value === null || value === undefined ? '' : String(value);
  return /^\s*[=+\-@\t\r\0]/.test(text) ? `'${text}` : text;
}

/** The sheet's part in the zip as exceljs (4.x) opens it: a stream whose `pipes` are the zip's entry, a stream with Node's writable state. */
type SheetPart = { pipes?: { _writableState?: { needDrain?: boolean } }[] };
type Drainable = NodeJS.EventEmitter & { _writableState?: { needDrain?: boolean } };

/**
 * Every export's XLSX: one sheet, the header then each batch of rows, written by exceljs' streaming
 * writer (no shared strings, no styles) as the download takes it. Text cells are written as text,
 * never as formulas, and neutralised as the CSV's are, so the sheet saved as CSV stays safe.
 *
 * exceljs writes a row into the zip without heeding backpressure, so a reader faster than the zip's
 * compression (a database iterator is) would pile the whole sheet up in memory. After each batch
 * this waits until the sheet's zip entry has taken what it holds (its writable state; the zip in turn
 * waits for the download), and yields to the event loop so the compression runs. A download closed
 * early stops the reading (its `return` frees the read).
 */
export function xlsxStream(sheetName: string, header: readonly unknown[], batches: AsyncIterable<readonly (readonly unknown[])[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(
    sheetName
      .slice(0, 31)
      .replace(/[\\/?*[\]:]/g, ' ')
      .trim() || 'Export',
  );
  const closed = new AbortController();
  out.once('close', () => closed.abort());
  /** Resolves when `emitter` emits `event` or the download closes. */
  const until = (emitter: NodeJS.EventEmitter, event: string) => once(emitter, event, { signal: closed.signal }).catch(() => undefined);
  void (async () => {
    try {
      sheet.addRow(header.map(xlsxValue)).commit();
      for await (const rows of batches) {
        for (const row of rows) sheet.addRow(row.map(xlsxValue)).commit();
        const entry = (sheet as unknown as { stream: SheetPart }).stream.pipes?.[0] as Drainable | undefined;
        if (entry?._writableState?.needDrain) await until(entry, 'drain');
        else await new Promise(setImmediate);
        if (closed.signal.aborted) return;
      }
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
