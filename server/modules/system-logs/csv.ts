import { formatDateTime, type SystemLogEntry } from '../../../src/shared';
import { systemLogsEn } from '../../../src/i18n/resources/system-logs.en';
import { systemLogsKo } from '../../../src/i18n/resources/system-logs.ko';
import type { Reader } from '../../http/reader';

export const CSV_COLUMNS = [
  'requestAt',
  'eventId',
  'adminId',
  'email',
  'httpMethod',
  'endPoint',
  'httpStatus',
  'queryParam',
  'requestBody',
  'sourceIp',
] as const satisfies readonly (keyof SystemLogEntry)[];

/**
 * The export is read by people in a spreadsheet: its headers are the screen's own column names in
 * the reader's language, and the time column names the zone its times are written in.
 */
export function csvHeaders({ language, timeZone }: Reader): string[] {
  const words = (language === 'ko' ? systemLogsKo : systemLogsEn).fields;
  return CSV_COLUMNS.map((column) => (column === 'requestAt' ? `${words.requestAt} (${timeZone})` : words[column]));
}

/** A row's cells: the time as YYYY-MM-DD HH:mm in the reader's zone, the rest as stored. */
export function csvCells(row: SystemLogEntry, { timeZone }: Reader): unknown[] {
  return CSV_COLUMNS.map((column) => (column === 'requestAt' ? formatDateTime(row.requestAt, timeZone) : row[column]));
}
