import { Alert } from '@mui/material';
import { useCloseNotification } from 'react-admin';
import type { ApiError } from '../providers/apiError';
import { ApiErrorMessage } from './ApiErrorMessage';

/** A failed call as a toast: the error alert, filled so it reads as a toast, with a close button. */
export function ApiErrorToast({ error }: { error: ApiError }) {
  const close = useCloseNotification();
  return (
    <Alert severity="error" variant="filled" role="alert" onClose={close} sx={{ minWidth: 288, maxWidth: 560 }}>
      <ApiErrorMessage error={error} />
    </Alert>
  );
}
