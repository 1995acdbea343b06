import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { CSV_BOM, csvLine } from '../shared/csv';

/** A record as one row: nested objects become `a.b` columns, lists one cell with their items joined by "; ". */
function flatten(value: Record<string, unknown>, prefix = '', row: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, item] of Object.entries(value)) {
    const column = prefix + key;
    if (Array.isArray(item)) row[column] = item.map((entry) => (typeof entry === 'object' && entry !== null ? JSON.stringify(entry) : entry)).join('; ');
    else if (typeof item === 'object' && item !== null) flatten(item as Record<string, unknown>, `${column}.`, row);
    else row[column] = item;
  }
  return row;
}

/** Records as CSV text, with a header of every column any record has, written by the shared formula-safe cell rule. */
export function recordsCsv(records: RaRecord[]): string {
  const rows = records.map((record) => flatten(record));
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return CSV_BOM + csvLine(columns) + rows.map((row) => csvLine(columns.map((column) => row[column]))).join('');
}

/** The exporter of every console list (ConsoleList makes it the default): the records as formula-safe CSV named after the resource. */
export const csvExporter: Exporter = (records, _fetchRelatedRecords, _dataProvider, resource) => downloadCSV(recordsCsv(records), resource ?? 'export');
