import { Readable } from 'node:stream';
import type { Db } from '../../db/database';
import { CSV_BOM, csvLine, type SystemLogFilter } from '../../../src/shared';
import { CSV_COLUMNS } from './csv';
import { pageOfLogs, type LogCursor } from './queries';

const BATCH = 2000;

/** The filtered log as CSV, newest first, read in keyset batches so memory stays flat at any size. */
export function systemLogCsv(db: Db, filter: SystemLogFilter): Readable {
  async function* lines() {
    yield `${CSV_BOM}${csvLine(CSV_COLUMNS)}`;
    let cursor: LogCursor | undefined;
    for (;;) {
      const rows = await pageOfLogs(db, filter, { limit: BATCH, offset: 0, cursor, direction: 'desc' });
      if (rows.length === 0) return;
      yield rows.map((row) => csvLine(CSV_COLUMNS.map((column) => row[column]))).join('');
      const last = rows[rows.length - 1];
      cursor = { requestAt: last.requestAt, id: last.id };
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(lines());
}
