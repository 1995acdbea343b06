import { Readable } from 'node:stream';
import { CSV_BOM, csvLine } from '../../../src/shared';
import type { Db } from '../../db/database';
import { pageOfRows, type ExplorerSource, type RowsRequest } from './queries';

const BATCH = 5000;

/** A table's rows in the list's sort and filter, as formula-safe CSV, read in batches so memory stays flat. */
export function tableCsv(db: Db, source: ExplorerSource, request: Omit<RowsRequest, 'offset' | 'limit'>): Readable {
  async function* lines() {
    yield `${CSV_BOM}${csvLine(source.columns.map((column) => column.name))}`;
    for (let offset = 0; ; offset += BATCH) {
      const rows = await pageOfRows(db, source, { ...request, offset, limit: BATCH });
      if (rows.length) yield rows.map((cells) => csvLine(cells)).join('');
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(lines());
}
