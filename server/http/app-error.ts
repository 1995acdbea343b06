import { RESULT_STATUS, type FieldError, type ResultCode } from '../../src/shared';
import { isValidationMessageKey } from '../../src/shared/validation-messages';
import { schemaEn } from '../../src/i18n/schema.en';
import { asWritten, type ServerMessage } from '../../src/i18n/serverMessage';

/**
 * A failure with its envelope result code; the error handler turns it into the response. Its
 * message is a key with values (never English text), put into the reader's words as it is answered.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly result: ResultCode,
    readonly sentence: ServerMessage,
    readonly data: unknown = null,
  ) {
    super(sentence);
    this.status = RESULT_STATUS[result];
  }
}

export function validationError(errors: FieldError[]): AppError {
  return new AppError('VALIDATION_ERROR', asWritten(errors.map(englishOf).join(' ')), { errors });
}

/** A field error in English words, for resultMessage: a key's words with its params filled in, or the server's own words. */
export function englishOf({ message, params = {} }: Pick<FieldError, 'message' | 'params'>): string {
  const words = isValidationMessageKey(message) ? schemaEn[message] : message;
  return words.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
