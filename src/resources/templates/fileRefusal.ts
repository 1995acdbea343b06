import { ApiError } from '../../providers/apiError';

/** The server's reason for refusing a file (dataProvider.uploadFile), for the message next to the input. */
export function refusalOf(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  return error.fieldErrors[0]?.message ?? error.text;
}
