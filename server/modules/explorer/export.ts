import { Readable } from 'node:stream';
import { CSV_BOM, csvLine } from '../../../src/shared';
import type { Db } from '../../db/database';
import { everyRow, type ExplorerSource, type RowsRequest } from './queries';

/** Rows written into one chunk of the download: enough to amortise a write, few enough to keep memory flat. */
const BATCH = 1000;

/** A table's rows in the list's sort and filter, as formula-safe CSV, read in one pass as the download takes them. */
export function tableCsv(db: Db, source: ExplorerSource, request: Omit<RowsRequest, 'offset' | 'limit'>): Readable {
  async function* lines() {
    yield `${CSV_BOM}${csvLine(source.columns.map((column) => column.name))}`;
    for await (const rows of everyRow(db, source, request, BATCH)) yield rows.map((cells) => csvLine(cells)).join('');
  }
  return Readable.from(lines());
}
