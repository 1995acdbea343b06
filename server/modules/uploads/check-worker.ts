/**
 * The reading thread of uploaded files: for a preview it parses the file, checks every record
 * against the schema and hands the checked rows to the main thread in batches, which stages them
 * (staging.ts); for a dataset proposal it reads the header and first rows. Reading
 * and checking cost as much as staging, so the two run side by side on two cores, and the main
 * thread's event loop stays free for other requests while a large file is read.
 */
import { parentPort } from 'node:worker_threads';
import type { DatasetColumn } from '../../../src/shared/datasets';
import { MAX_LISTED_PROBLEMS, MAX_PROBLEM_ROWS, PREVIEW_ROW_COUNT, type ProblemRow, type UploadProblem } from '../../../src/shared/upload-rules';
import { fileRecords, type FileKindOfUpload } from './parse';
import { SeenKeys } from './seen-keys';
import { RowValidator } from './validate';

export interface CheckJob {
  kind: FileKindOfUpload;
  filePath: string;
  schema: DatasetColumn[];
}

/** The checked rows of one chunk of the file, flat: row number, key, values as JSON, for each row. */
export interface CheckedBatch {
  type: 'rows';
  rows: (number | string | null)[];
  /** Keys of this chunk that an earlier row may hold: the staging confirms or clears them. */
  candidates: string[];
  /** Problems found in this chunk, while fewer than the listed maximum have been sent. */
  problems: UploadProblem[];
  problemCount: number;
  bytes: number;
}

export interface CheckedFile {
  type: 'done';
  /** Undefined when the file has no header row. */
  headers?: string[];
  previewRows: (string | null)[][];
  /** Rows past the preview with a listed problem, so the preview can show each problem in its row. */
  problemRows: ProblemRow[];
  uploadedCount: number;
}

export interface CheckFailed {
  type: 'failed';
  message: string;
}

/** A file whose header and first rows are read (for a dataset proposal), nothing checked. */
export interface SampleJob {
  kind: FileKindOfUpload;
  filePath: string;
  rows: number;
}

export interface SampledFile {
  type: 'sampled';
  /** Undefined when the file has no header row. */
  headers?: string[];
  rows: (string | null)[][];
  /** Each row's number as the file shows it (an XLSX's blank rows are skipped, not counted out). */
  rowNumbers: number[];
}

/** What the main thread sends: a file to check or sample, or the acknowledgement of a staged batch. */
export type CheckerCommand = { type: 'job'; job: CheckJob } | { type: 'sample'; job: SampleJob } | { type: 'staged' };
type FileCommand = Exclude<CheckerCommand, { type: 'staged' }>;

/** Batches the main thread has not staged yet: the reader waits past this, so memory stays flat. */
const MAX_UNSTAGED_BATCHES = 4;

const port = parentPort!;
const jobs: FileCommand[] = [];
let nextJob: (() => void) | undefined;
let unstaged = 0;
let resume: (() => void) | undefined;
port.on('message', (command: CheckerCommand) => {
  if (command.type !== 'staged') {
    jobs.push(command);
    nextJob?.();
    nextJob = undefined;
    return;
  }
  unstaged -= 1;
  resume?.();
  resume = undefined;
});

const seenKeys = new SeenKeys();

async function checkFile({ kind, filePath, schema }: CheckJob): Promise<CheckedFile> {
  unstaged = 0;
  seenKeys.clear();
  let validator: RowValidator | undefined;
  const previewRows: (string | null)[][] = [];
  const problemRows: ProblemRow[] = [];
  let uploadedCount = 0;
  let sentProblems = 0;
  let bytes = 0;
  for await (const records of fileRecords(kind, filePath, (read) => (bytes += read))) {
    const rows: (number | string | null)[] = [];
    const candidates: string[] = [];
    const problems: UploadProblem[] = [];
    let problemCount = 0;
    const addProblem = (problem: UploadProblem) => {
      problemCount += 1;
      if (sentProblems + problems.length < MAX_LISTED_PROBLEMS) problems.push(problem);
    };
    for (const record of records) {
      if (!validator) {
        validator = new RowValidator(
          schema,
          record.cells.map((cell) => cell ?? ''),
        );
        validator.headerProblems.forEach(addProblem);
        continue;
      }
      uploadedCount += 1;
      const inPreview = previewRows.length < PREVIEW_ROW_COUNT;
      if (inPreview) previewRows.push(record.cells);
      const listedBefore = problems.length;
      const checked = validator.check(record.row, record.cells, addProblem);
      if (!inPreview && problems.length > listedBefore && problemRows.length < MAX_PROBLEM_ROWS) problemRows.push({ row: record.row, cells: record.cells });
      if (!checked) continue;
      rows.push(record.row, checked.key, JSON.stringify(checked.values));
      if (checked.key !== null && seenKeys.add(checked.key)) candidates.push(checked.key);
    }
    sentProblems += problems.length;
    port.postMessage({ type: 'rows', rows, candidates, problems, problemCount, bytes } satisfies CheckedBatch);
    bytes = 0;
    unstaged += 1;
    while (unstaged >= MAX_UNSTAGED_BATCHES) await new Promise<void>((wake) => (resume = wake));
  }
  return { type: 'done', headers: validator?.headers, previewRows, problemRows, uploadedCount };
}

async function sampleFile({ kind, filePath, rows: wanted }: SampleJob): Promise<SampledFile> {
  let headers: string[] | undefined;
  const rows: (string | null)[][] = [];
  const rowNumbers: number[] = [];
  for await (const records of fileRecords(kind, filePath, () => undefined)) {
    for (const record of records) {
      if (!headers) headers = record.cells.map((cell) => cell ?? '');
      else if (rows.length < wanted) {
        rows.push(record.cells);
        rowNumbers.push(record.row);
      }
    }
    if (rows.length >= wanted) break;
  }
  return { type: 'sampled', headers, rows, rowNumbers };
}

// One file at a time, for as long as the server runs: the thread (and tsx's loader in it) starts once.
for (;;) {
  if (!jobs.length) await new Promise<void>((wake) => (nextJob = wake));
  const command = jobs.shift()!;
  try {
    port.postMessage(command.type === 'job' ? await checkFile(command.job) : await sampleFile(command.job));
  } catch (error) {
    port.postMessage({ type: 'failed', message: (error as Error).message } satisfies CheckFailed);
  }
}
