import { useEffect } from 'react';
import type { ConnectedDataOptions } from '../shared';
import { useApiErrorToast } from '../components/useApiErrorToast';
import { useApiRead } from '../components/useApi';

/** The advertisers and region → country tree, read again for each mounted dialog; a failure is the error toast. */
export function useConnectedDataOptions(): ConnectedDataOptions | undefined {
  const showError = useApiErrorToast();
  const { data, error } = useApiRead(['connected-data', 'options'], (api) => api.getConnectedDataOptions(), { retry: false, gcTime: 0 });
  useEffect(() => {
    if (error) showError(error);
  }, [error, showError]);
  return data;
}
