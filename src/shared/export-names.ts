import { formatDateTime } from './date-time';

/**
 * The one naming rule of every export, in the browser and on the server: what
 * the file holds, then when it was made on the reader's clock, as "Monthly budgets KR 2026-11-28
 * 0958.csv". tests/unit/export-names.spec.ts finds every export and holds it to this rule.
 */

/** The formats every export is offered in: CSV, and XLSX for a spreadsheet. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Characters a file system or a download refuses in a name (Windows is the strictest), and controls. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}]+/gu;
/** Characters of the subject kept: the stamp and extension follow, within every file system's 255. */
export const EXPORT_SUBJECT_MAX = 120;

/** The subject as a file name may hold it: unsafe characters become spaces, blanks collapse, no leading dot; "Export" when nothing is left. */
export function exportSubject(subject: string): string {
  const safe = subject
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim();
  return [...safe].slice(0, EXPORT_SUBJECT_MAX).join('').trim().replace(/\.+$/, '') || 'Export';
}

/** "<subject> YYYY-MM-DD HHmm" (the minute in `timeZone`, with no colon a file name may not hold), without the extension. */
export function exportBaseName(subject: string, at: Date, timeZone: string): string {
  return `${exportSubject(subject)} ${formatDateTime(at, timeZone).replace(':', '')}`;
}

/** The full file name of a CSV export. */
export function exportFileName(subject: string, at: Date, timeZone: string): string {
  return `${exportBaseName(subject, at, timeZone)}.csv`;
}
