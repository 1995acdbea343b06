import { AppError } from '../http/app-error';
import { sentence } from '../../src/i18n/serverMessage';

/** A store call that failed on the service's side: the request answers 503 and nothing is recorded. */
export class FileStoreUnavailableError extends AppError {
  constructor(reason: string) {
    super('FILE_STORE_UNAVAILABLE', sentence('files.theFileStoreCouldNot', { reason }));
  }
}

/** The start-up check's refusal: the message names FILE_STORE and the bucket. */
export class FileStoreUnreachableError extends Error {}

/** Error codes of a full disk: the file system's, and SQLite's for its database or a staging file. */
const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** A full disk's failure, as the file system or SQLite reported it or as OutOfSpaceError. */
export function isOutOfSpace(error: unknown): boolean {
  return error instanceof OutOfSpaceError || OUT_OF_SPACE_CODES.has((error as { code?: string } | null)?.code ?? '');
}

export const OUT_OF_SPACE_MESSAGE = sentence('files.theServerIsOutOf');

/** A write that found the disk full: the request answers 507 and the error handler logs it for the operator. */
export class OutOfSpaceError extends AppError {
  constructor(readonly cause: unknown) {
    super('INSUFFICIENT_STORAGE', OUT_OF_SPACE_MESSAGE);
  }
}
