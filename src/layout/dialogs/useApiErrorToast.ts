import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from '../../providers/apiError';

/** A failed call as an error toast: result as title, resultMessage as text (SPEC §8). */
export function useApiErrorToast(): (failure: unknown) => void {
  const notify = useNotify();
  return useCallback(
    (failure: unknown) => {
      const error = failure instanceof ApiError ? failure : new ApiError({ status: 0, message: (failure as Error)?.message });
      notify('console.profile.notice', { type: 'error', messageArgs: { title: error.title, message: error.text } });
    },
    [notify],
  );
}
