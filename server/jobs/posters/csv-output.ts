import type { PostHeader } from '../../../src/shared';
import type { MasterRow } from '../master-mapping';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The in-use headers in their order. */
export function outputColumns(headers: PostHeader[]): string[] {
  return headers.filter((header) => header.inUse === 'Y').sort((a, b) => a.order - b.order).map((header) => header.code);
}

/** Mastered rows as CSV (RFC 4180, CRLF) with the given columns; missing fields are empty. */
export function toCsv(columns: string[], rows: Iterable<MasterRow>): Buffer {
  const lines = [columns.map(cell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(row[column])).join(','));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}
