import { Readable } from 'node:stream';
import type { Db } from '../../db/database';
import { CSV_BOM, csvLine, type SystemLogFilter } from '../../../src/shared';
import type { Reader } from '../../http/reader';
import { csvCells, csvHeaders } from './csv';
import { pageOfLogs, type LogCursor } from './queries';

const BATCH = 2000;

/** The filtered log as CSV for `reader`, newest first, read in keyset batches so memory stays flat at any size. */
export function systemLogCsv(db: Db, filter: SystemLogFilter, reader: Reader): Readable {
  async function* lines() {
    yield `${CSV_BOM}${csvLine(csvHeaders(reader))}`;
    let cursor: LogCursor | undefined;
    for (;;) {
      const rows = await pageOfLogs(db, filter, { limit: BATCH, offset: 0, cursor, direction: 'desc' });
      if (rows.length === 0) return;
      yield rows.map((row) => csvLine(csvCells(row, reader))).join('');
      const last = rows[rows.length - 1];
      cursor = { requestAt: last.requestAt, id: last.id };
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(lines());
}
