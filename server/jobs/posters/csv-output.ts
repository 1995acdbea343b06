import type { PostHeader } from '../../../src/shared';
import type { MasterRow } from '../master-mapping';
import { quotedCsvCell as cell } from '../../modules/system-logs/csv';


/** The in-use headers in their order. */
export function outputColumns(headers: PostHeader[]): string[] {
  return headers.filter((header) => header.inUse === 'Y').sort((a, b) => a.order - b.order).map((header) => header.code);
}

/** One CSV line (RFC 4180, CRLF) of the given columns; missing fields are empty. */
export function csvLine(columns: string[], row: MasterRow | null): string {
  return `${(row ? columns.map((column) => cell(row[column])) : columns.map(cell)).join(',')}\r\n`;
}
