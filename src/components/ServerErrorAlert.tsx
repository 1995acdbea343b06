import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { schemaMessageKey } from '../i18n/schemaMessageKey';
import { ApiError } from '../providers/apiError';
import { ApiErrorMessage } from './ApiErrorMessage';

/**
 * A failed call as SPEC §8 shows it: result (in words) as the title, resultMessage as the text,
 * plus any field messages, in the reader's language when they are the shared schemas' own.
 */
export function ServerErrorAlert({ error }: { error: unknown }) {
  const translate = useTranslate();
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : new ApiError({ status: 0, message: (error as Error).message });
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      <ApiErrorMessage error={apiError} />
      {apiError.fieldErrors.map(({ field, message }) => {
        const known = schemaMessageKey(message);
        return <div key={field}>{known ? translate(known.message, known.args) : message}</div>;
      })}
    </Alert>
  );
}
