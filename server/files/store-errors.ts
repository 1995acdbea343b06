import { AppError } from '../http/app-error';

/** A store call that failed on the service's side: the request answers 503 and nothing is recorded. */
export class FileStoreUnavailableError extends AppError {
  constructor(reason: string) {
    super('FILE_STORE_UNAVAILABLE', `The file store could not be reached; try again. (${reason})`);
  }
}

/** The start-up check's refusal: the message names FILE_STORE and the bucket. */
export class FileStoreUnreachableError extends Error {}
