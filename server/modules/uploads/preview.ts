import { MAX_LISTED_PROBLEMS, type DatasetColumn, type FilePreview, type UploadProblem } from '../../../src/shared';
import type { FileChecker } from './check-thread';
import type { FileKindOfUpload } from './parse';
import { StagedRows } from './staging';
import { duplicateKeyProblem } from './validate';
import { sentence } from '../../../src/i18n/serverMessage';

export interface PreviewOutcome {
  preview: FilePreview;
  /** Why the file cannot be committed; undefined when it can. */
  failure?: string;
}

/**
 * Reads the whole file once: the checker's thread parses and checks every record while this thread
 * stages the checked rows (staging.ts), then the keys the thread flagged are checked for duplicates.
 * The preview keeps the first rows and problems; a file that cannot be committed keeps no
 * staging file, one that can keeps it for the commit (which does not parse the file again).
 */
export async function previewFile(
  checker: FileChecker,
  kind: FileKindOfUpload,
  filePath: string,
  schema: DatasetColumn[],
  stagingFile: string,
  onBytes: (bytes: number) => void,
): Promise<PreviewOutcome> {
  const staged = new StagedRows(stagingFile);
  const problems: UploadProblem[] = [];
  let problemCount = 0;
  let file;
  try {
    file = await checker.check({ kind, filePath, schema }, (batch) => {
      staged.add(batch.rows);
      staged.addCandidates(batch.candidates);
      problems.push(...batch.problems);
      problemCount += batch.problemCount;
      onBytes(batch.bytes);
    });
    const duplicates = staged.duplicates(MAX_LISTED_PROBLEMS);
    problemCount += duplicates.count;
    problems.push(...duplicates.listed.map(({ row, first }) => duplicateKeyProblem(schema, row, first)));
  } catch (error) {
    staged.discard();
    throw error;
  }
  // The thread's problems come in file order, the duplicates after them: the listed ones are the first by row.
  problems.sort((a, b) => a.row - b.row);
  problems.length = Math.min(problems.length, MAX_LISTED_PROBLEMS);
  const preview: FilePreview = { headers: file.headers ?? [], rows: file.previewRows, problemRows: file.problemRows, uploadedCount: file.uploadedCount, problems, problemCount };
  let failure: string | undefined;
  if (!file.headers) failure = sentence('datasets.theFileIsEmptyIt');
  else if (file.uploadedCount === 0) failure = sentence('uploads.theFileHasAHeader');
  else if (problemCount > 0) failure = sentence('uploads.foundInTheFileFix', { problemCount, choice: problemCount === 1 ? 'problem' : 'problems', choice2: problemCount === 1 ? 'it' : 'them' });
  if (failure) staged.discard();
  else staged.finish();
  return { preview, failure };
}
