import { quotedCsvCell as cell, type PostHeader } from '../../../../src/shared';
import type { MasterRow } from '../master-mapping';

// The data files quote cells as every CSV export does (src/shared/csv.ts) but keep their values as
// they are, without the exports' formula guard: a metric may be -3.

/** The in-use headers in their order. */
export function outputColumns(headers: PostHeader[]): string[] {
  return headers
    .filter((header) => header.inUse === 'Y')
    .sort((a, b) => a.order - b.order)
    .map((header) => header.code);
}

/** One CSV line (RFC 4180, CRLF) of the given columns; missing fields are empty. */
export function csvLine(columns: string[], row: MasterRow | null): string {
  return `${(row ? columns.map((column) => cell(row[column])) : columns.map(cell)).join(',')}\r\n`;
}
