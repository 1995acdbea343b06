import { Alert } from '@mui/material';
import { ApiError } from '../providers/apiError';
import { ApiErrorMessage } from './ApiErrorMessage';

/** A failed call as SPEC §8 shows it: result (in words) as the title, resultMessage as the text, plus any field messages. */
export function ServerErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : new ApiError({ status: 0, message: (error as Error).message });
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      <ApiErrorMessage error={apiError} />
      {apiError.fieldErrors.map(({ field, message }) => (
        <div key={field}>{message}</div>
      ))}
    </Alert>
  );
}
