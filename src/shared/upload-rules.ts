/** Upload constants, types and cell rules, without zod: the server's file-reading thread loads only this. */
const MIB = 1024 * 1024;

/** Big enough for the 1M-row, 12-column bench file (~110 MiB); a 200 MB file is refused with 413. */
export const MANUAL_UPLOAD_MAX_BYTES = 150 * MIB;
export const UPLOAD_FILE_NAME_MAX = 200;
/** Rows shown in the preview. */
export const PREVIEW_ROW_COUNT = 20;
/** Problems kept and listed; the count covers all of them. */
export const MAX_LISTED_PROBLEMS = 500;
/** Rows past the first ones whose cells the preview keeps, to show their problems in place. */
export const MAX_PROBLEM_ROWS = 50;

/**
 * What reading one uploaded file (a manual upload's check, or the dataset proposal from a file) may
 * take, whatever its size says: an XLSX is a zip, so a small file can expand a thousandfold.
 */
export const FILE_READ_LIMITS = {
  /** Decompressed bytes of the XLSX parts read (workbook, styles, shared strings, first sheet), together. */
  xlsxMaxBytes: 2048 * MIB,
  /** How many times its packed size one XLSX part may expand to (a zip bomb expands about a thousandfold). */
  xlsxMaxRatio: 100,
  /** The shared strings stay in memory while the sheet is read: the reading thread's heap bounds them. */
  sharedStringsMaxBytes: 32 * MIB,
  /** Data rows of a file (twice the 1M-row bench file). */
  maxRows: 2_000_000,
  /** Cells of one row: a spreadsheet's column limit. */
  maxColumns: 16_384,
  /** Characters of one cell (a CSV is checked as each 64 KiB of it is read). */
  maxCellChars: 1_000_000,
  /** Characters of one line of a collected CSV file (read on the server's main thread, so its memory is the server's). */
  maxLineChars: 10_000_000,
  /** Time to check a whole file for an upload. */
  checkSeconds: 600,
  /** Time to read a file's header and first rows for a dataset proposal. */
  sampleSeconds: 30,
} as const;

/** A file row kept for the preview because it has a listed problem. */
export interface ProblemRow {
  row: number;
  cells: (string | null)[];
}
export const MANUAL_UPLOAD_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * PARSING → READY (preview without problems) → COMMITTING → SUCCESS; a file with problems, a
 * failed commit or one interrupted by a restart ends FAIL with its reason. A READY upload nobody
 * commits is DISCARDED by a person or EXPIRED by the server after UPLOAD_READY_HOURS; either way
 * its stored file is removed.
 */
export const UPLOAD_STATUSES = ['PARSING', 'READY', 'COMMITTING', 'SUCCESS', 'FAIL', 'EXPIRED', 'DISCARDED'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** How long a checked upload waits for its commit (from the end of its check) before the server expires it. */
export const UPLOAD_READY_HOURS = 24;

/** When a checked upload expires if it is not committed: UPLOAD_READY_HOURS after its check ended. */
export function uploadExpiresAt(readyAt: string): string {
  return new Date(Date.parse(readyAt) + UPLOAD_READY_HOURS * 3_600_000).toISOString();
}

export const UPLOAD_MODES = ['APPEND', 'REPLACE'] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];

export type UploadProblemReason = 'MISSING_REQUIRED' | 'BAD_DATE' | 'BAD_NUMBER' | 'DUPLICATE_KEY' | 'UNKNOWN_COLUMN' | 'MISSING_COLUMN' | 'FORMULA' | 'TOO_LONG';

/** One row-level problem; row 1 is the header line. */
export interface UploadProblem {
  row: number;
  column: string;
  reason: UploadProblemReason;
  message: string;
}

/** A file preview plus the problems found. */
export interface FilePreview {
  headers: string[];
  rows: (string | null)[][];
  /** Later rows with a listed problem (absent in previews stored before they were kept). */
  problemRows?: ProblemRow[];
  uploadedCount: number;
  problems: UploadProblem[];
  problemCount: number;
}

export interface UploadProgress {
  phase: 'PARSING' | 'WRITING';
  done: number;
  total: number;
}

/** An upload history row with the preview and progress of the upload in hand. */
export interface UploadHistory {
  id: number;
  datasetId: number;
  datasetTitle: string | null;
  fileName: string;
  sizeBytes: number;
  status: UploadStatus;
  reason: string | null;
  mode: UploadMode | null;
  rowCount: number;
  uploadedCount: number;
  problemCount: number;
  /** What the commit did to the dataset's rows; null until committed (and for uploads before this was recorded). */
  addedCount: number | null;
  replacedCount: number | null;
  removedCount: number | null;
  updatedBy: string | null;
  updatedAt: string;
  createdAt: string;
  /** A READY upload's deadline: when it expires if not committed; null in every other status. */
  expiresAt: string | null;
  /** Signed link to the original file; null once the file was removed (a discarded or expired upload). */
  fileUrl: string | null;
  preview?: FilePreview | null;
  progress?: UploadProgress | null;
}

/** Formula injection: a cell a spreadsheet would run. Plain signed numbers stay allowed. */
export function looksLikeFormula(value: string): boolean {
  // First-character test before any regex: the server runs this on every cell of an upload.
  const first = value.charCodeAt(0);
  if (first !== 61 && first !== 43 && first !== 45 && first !== 64 && first !== 9 && first !== 13) return false;
  return !/^[+-]?\d+(\.\d+)?$/.test(value);
}
