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

/** A stream of exceljs' (4.x) zip, with Node's stream state: the zip itself, and the sheet's entry in it. */
type Buffered = NodeJS.EventEmitter & { _writableState?: { length: number; needDrain: boolean }; _readableState?: { length: number } };
/** Bytes let wait in the sheet's zip entry, or in the zip for the download, before the reading pauses: enough that reading and compressing overlap, little enough to keep memory flat. */
const AHEAD_BYTES = 256 * 1024;

/**
 * Every export's XLSX: one sheet, the header then each batch of rows, written by exceljs' streaming
 * writer (no shared strings, no styles) as the download takes it. Text cells are written as text,
 * never as formulas, and neutralised as the CSV's are, so the sheet saved as CSV stays safe.
 *
 * exceljs writes a row into the zip without heeding backpressure, and the zip compresses whatever
 * it is given whether or not the download takes it, so a reader faster than the compression or the
 * download (a database iterator is) would pile the whole sheet up in memory. After each batch the
 * reading waits while the sheet's zip entry or the zip's output holds more than AHEAD_BYTES, and
 * yields to the event loop so the compression runs. A download closed early stops the reading
 * (its `return` frees the read).
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
      const { zip } = workbook as unknown as { zip: Buffered };
      const part = (sheet as unknown as { stream: { pipes?: Buffered[] } }).stream;
      for await (const rows of batches) {
        for (const row of rows) sheet.addRow(row.map(xlsxValue)).commit();
        const entry = part.pipes?.[0];
        // A 'drain' listener, unlike a 'data' one, never sets a stream flowing before the zip reads it; between drains the event loop turns.
        while ((entry?._writableState?.length ?? 0) > AHEAD_BYTES || (zip._readableState?.length ?? 0) > AHEAD_BYTES) {
          if (entry?._writableState?.needDrain) await until(entry, 'drain');
          else if (out.writableNeedDrain) await until(out, 'drain');
          else await new Promise(setImmediate);
          if (closed.signal.aborted) return;
        }
        await new Promise(setImmediate);
        if (closed.signal.aborted) return;
      }
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
