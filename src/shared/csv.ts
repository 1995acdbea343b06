/**
 * CSV as every export of the console writes it, in the browser and on the server: RFC 4180 quoting,
 * and no cell a spreadsheet would run as a formula (OWASP "CSV Injection").
 */

/** A UTF-8 byte order mark first, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * A cell that starts with = + - @, tab, carriage return or NUL (ASVS 5.0 1.2.10, OWASP "CSV
 * Injection"), also after leading blanks (spreadsheets skip them), is read as a formula; a leading
 * apostrophe makes it text.
 */
const FORMULA_START = /^\s*[=+\-@\t\r\0]/;

/**
 * A CSV cell as RFC 4180 writes it: quoted when it holds a quote, comma or line break, and also a
 * semicolon or tab, the list separators a spreadsheet may be set to: unquoted, `x;=cmd|…` would be
 * split there and its second part run as a formula (OWASP "CSV Injection", the separator caveat).
 */
export function quotedCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One exported cell: formula-safe, then quoted. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return quotedCsvCell(FORMULA_START.test(text) ? `'${text}` : text);
}

/** One exported row, with the line ending RFC 4180 names. */
export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
