import { createElement, useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from '../providers/apiError';
import { ApiErrorToast } from './ApiErrorToast';

/**
 * The ApiError behind a failure: httpClient rejects with one; the dataProvider wraps it in
 * react-admin's HttpError (whose message is the error's summary) and keeps it as the cause.
 */
function apiErrorOf(failure: unknown): ApiError {
  if (failure instanceof ApiError) return failure;
  const cause = (failure as Error | undefined)?.cause;
  if (cause instanceof ApiError) return cause;
  return new ApiError({ status: 0, message: (failure as Error | undefined)?.message });
}

/** A failed call as an error toast: result in words as title, resultMessage as text, the code in small text. */
export function useApiErrorToast(): (failure: unknown) => void {
  const notify = useNotify();
  return useCallback((failure: unknown) => notify(createElement(ApiErrorToast, { error: apiErrorOf(failure) }), { type: 'error' }), [notify]);
}
