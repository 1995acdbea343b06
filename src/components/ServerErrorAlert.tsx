import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { translatableMessage } from '../i18n/validationMessage';
import { ApiError } from '../providers/apiError';
import { ApiErrorMessage } from './ApiErrorMessage';

/**
 * A failed call as the console shows it: result (in words) as the title, resultMessage as the text,
 * plus any field messages, each a validation message key worded in the reader's language.
 */
export function ServerErrorAlert({ error }: { error: unknown }) {
  const translate = useTranslate();
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : new ApiError({ status: 0, message: (error as Error).message });
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      <ApiErrorMessage error={apiError} />
      {apiError.fieldErrors.map((fieldError) => {
        const { message, args } = translatableMessage(fieldError);
        return <div key={fieldError.field}>{translate(message, args)}</div>;
      })}
    </Alert>
  );
}
