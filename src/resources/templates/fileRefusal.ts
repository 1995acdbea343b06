import type { TranslateFunction } from 'react-admin';
import { translatableMessage } from '../../i18n/validationMessage';
import { ApiError } from '../../providers/apiError';

/** The server's reason for refusing a file (dataProvider.uploadFile), in the reader's language, for the message next to the input. */
export function refusalOf(error: unknown, translate: TranslateFunction): string {
  if (!(error instanceof ApiError)) return String(error);
  const fieldError = error.fieldErrors[0];
  if (!fieldError) return error.text;
  const { message, args } = translatableMessage(fieldError);
  return translate(message, args);
}
