import { useEffect, useState } from 'react';
import { profileCalls, type ConnectedDataOptions } from './profileCalls';
import { useApiErrorToast } from '../../components/useApiErrorToast';

/** The advertisers and region → country tree, fetched once per mounted dialog. */
export function useConnectedDataOptions(): ConnectedDataOptions | undefined {
  const showError = useApiErrorToast();
  const [options, setOptions] = useState<ConnectedDataOptions>();
  useEffect(() => {
    let current = true;
    profileCalls.fetchConnectedDataOptions().then(
      ({ data }) => current && setOptions(data),
      (failure) => current && showError(failure),
    );
    return () => {
      current = false;
    };
  }, [showError]);
  return options;
}
