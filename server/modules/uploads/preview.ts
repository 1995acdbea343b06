import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { MAX_LISTED_PROBLEMS, PREVIEW_ROW_COUNT, type DatasetColumn, type FilePreview, type UploadProblem } from '../../../src/shared';
import { fileRecords, type FileKindOfUpload } from './parse';
import { RowValidator } from './validate';

/** Checked rows wait here between preview and commit, one `[<key>, [<values>]]` JSON line each. */
export function stagingPath(dataDir: string, uploadId: number): string {
  const folder = join(dataDir, 'uploads', '.staging');
  mkdirSync(folder, { recursive: true });
  return join(folder, `${uploadId}.rows`);
}

export interface PreviewOutcome {
  preview: FilePreview;
  /** Why the file cannot be committed; undefined when it can. */
  failure?: string;
}

/**
 * Reads the whole file once, streaming: checks every record against the schema, keeps the first
 * rows and problems for the preview, and writes the checked rows to the staging file the commit
 * reads (so the commit does not parse the file again). A file with problems keeps no staging file.
 */
export async function previewFile(
  kind: FileKindOfUpload, filePath: string, schema: DatasetColumn[], staging: string, onBytes: (bytes: number) => void,
): Promise<PreviewOutcome> {
  const problems: UploadProblem[] = [];
  let problemCount = 0;
  const addProblem = (problem: UploadProblem) => {
    problemCount += 1;
    if (problems.length < MAX_LISTED_PROBLEMS) problems.push(problem);
  };
  const rows: (string | null)[][] = [];
  let validator: RowValidator | undefined;
  let uploadedCount = 0;
  const out = createWriteStream(staging);
  try {
    for await (const records of fileRecords(kind, filePath, onBytes)) {
      // One write per batch of records, and the next batch waits while the disk catches up.
      let lines = '';
      for (const record of records) {
        if (!validator) {
          validator = new RowValidator(schema, record.cells.map((cell) => cell ?? ''));
          validator.headerProblems.forEach(addProblem);
          continue;
        }
        uploadedCount += 1;
        if (rows.length < PREVIEW_ROW_COUNT) rows.push(record.cells);
        const checked = validator.check(record.row, record.cells, addProblem);
        if (checked && problemCount === 0) lines += `${JSON.stringify([checked.key, checked.values])}\n`;
      }
      if (lines && problemCount === 0 && !out.write(lines)) await once(out, 'drain');
    }
  } finally {
    validator?.close();
    out.end();
    await once(out, 'close');
  }
  const preview: FilePreview = { headers: validator?.headers ?? [], rows, uploadedCount, problems, problemCount };
  let failure: string | undefined;
  if (!validator) failure = 'The file is empty: it has no header row.';
  else if (uploadedCount === 0) failure = 'The file has a header but no data rows.';
  else if (problemCount > 0) failure = `${problemCount} ${problemCount === 1 ? 'problem' : 'problems'} found in the file; fix ${problemCount === 1 ? 'it' : 'them'} and upload it again.`;
  if (failure) await rm(staging, { force: true });
  return { preview, failure };
}
