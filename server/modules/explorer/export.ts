import { Readable } from 'node:stream';
import { CSV_BOM, csvLine, type ExportFormat } from '../../../src/shared';
import type { Db } from '../../db/database';
import { xlsxStream } from '../../http/xlsx-export';
import { everyRow, type ExplorerSource, type RowsRequest } from './queries';

/** Rows written into one chunk of the download: enough to amortise a write, few enough to keep memory flat. */
const BATCH = 1000;

/** A table's rows in the list's sort and filter, as formula-safe CSV or XLSX, read in one pass as the download takes them. */
export function tableExport(db: Db, source: ExplorerSource, request: Omit<RowsRequest, 'offset' | 'limit'>, format: ExportFormat): Readable {
  const header = source.columns.map((column) => column.name);
  if (format === 'xlsx') return xlsxStream(source.table.tableName, header, everyRow(db, source, request, BATCH));
  async function* lines() {
    yield `${CSV_BOM}${csvLine(header)}`;
    for await (const rows of everyRow(db, source, request, BATCH)) yield rows.map((cells) => csvLine(cells)).join('');
  }
  return Readable.from(lines());
}
