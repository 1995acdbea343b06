import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { CSV_BOM, csvLine } from '../shared/csv';
import { formatDateTime, runtimeTimeZone } from '../shared/date-time';
import { exportBaseName } from '../shared/export-names';
import { i18nProvider } from '../providers/i18nProvider';

/** An instant as the API answers it (ISO, with its offset): a time the reader gets in their own zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const isInstant = (value: unknown): value is string => typeof value === 'string' && INSTANT.test(value);

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

/**
 * Records as CSV text for a person, written by the shared formula-safe cell rule: a header of every
 * column any record has, in the list's own words (the field's label, else its name), and times as
 * YYYY-MM-DD HH:mm in the reader's zone, which their column's header names.
 */
export function recordsCsv(records: RaRecord[], resource?: string): string {
  const zone = runtimeTimeZone();
  const rows = records.map((record) => flatten(record));
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const timed = new Set(columns.filter((column) => rows.some((row) => isInstant(row[column]))));
  const header = columns.map((column) => {
    const words = resource ? i18nProvider.translate(`resources.${resource}.fields.${column}`, { _: column }) : column;
    return timed.has(column) ? `${words} (${zone})` : words;
  });
  const cell = (value: unknown) => (isInstant(value) ? formatDateTime(value, zone) : value);
  return CSV_BOM + csvLine(header) + rows.map((row) => csvLine(columns.map((column) => (timed.has(column) ? cell(row[column]) : row[column])))).join('');
}

/**
 * The exporter of every console list (ConsoleList makes it the default): the records as
 * formula-safe CSV, named by the one export rule after what the list holds (the resource's name in
 * the console's language, "Users") and the minute on the reader's clock.
 */
export const csvExporter: Exporter = (records, _fetchRelatedRecords, _dataProvider, resource) =>
  downloadCSV(recordsCsv(records, resource), exportBaseName(i18nProvider.translate(`resources.${resource}.name`, { smart_count: 2, _: resource ?? '' }), new Date(), runtimeTimeZone()));
