import type { SystemLogEntry } from '../../../src/shared';

export const CSV_COLUMNS: (keyof SystemLogEntry)[] = [
  'requestAt', 'eventId', 'adminId', 'email', 'httpMethod', 'endPoint', 'httpStatus', 'queryParam', 'requestBody', 'sourceIp',
];

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (= + - @, tab, carriage return) gets
 * a leading apostrophe (OWASP's CSV-injection advice); quotes, commas and newlines are quoted.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return quotedCsvCell(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
}

/** A CSV cell as RFC 4180 writes it: quoted when it holds a quote, comma or line break. */
export function quotedCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
