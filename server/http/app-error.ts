import { RESULT_STATUS, type FieldError, type ResultCode } from '../../src/shared';

/** A failure with its envelope result code; the error handler turns it into the response. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly result: ResultCode,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.status = RESULT_STATUS[result];
  }
}

export function validationError(errors: FieldError[]): AppError {
  return new AppError('VALIDATION_ERROR', errors.map((e) => e.message).join(' '), { errors });
}
