import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from '../providers/apiError';

/**
 * The ApiError behind a failure: httpClient rejects with one; the dataProvider wraps it in
 * react-admin's HttpError (whose message joins title and text) and keeps it as the cause.
 */
function apiErrorOf(failure: unknown): ApiError {
  if (failure instanceof ApiError) return failure;
  const cause = (failure as Error | undefined)?.cause;
  if (cause instanceof ApiError) return cause;
  return new ApiError({ status: 0, message: (failure as Error | undefined)?.message });
}

/** A failed call as an error toast: result as title, resultMessage as text (SPEC §8). */
export function useApiErrorToast(): (failure: unknown) => void {
  const notify = useNotify();
  return useCallback(
    (failure: unknown) => {
      const error = apiErrorOf(failure);
      notify('console.profile.notice', { type: 'error', messageArgs: { title: error.title, message: error.text } });
    },
    [notify],
  );
}
