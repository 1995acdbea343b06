import { useEffect, useState } from 'react';
import type { ConnectedDataOptions } from '../shared';
import { useConsoleDataProvider } from '../providers/dataProvider';
import { useApiErrorToast } from '../components/useApiErrorToast';

/** The advertisers and region → country tree, fetched once per mounted dialog. */
export function useConnectedDataOptions(): ConnectedDataOptions | undefined {
  const showError = useApiErrorToast();
  const dataProvider = useConsoleDataProvider();
  const [options, setOptions] = useState<ConnectedDataOptions>();
  useEffect(() => {
    let current = true;
    dataProvider.getConnectedDataOptions().then(
      ({ data }) => current && setOptions(data),
      (failure) => current && showError(failure),
    );
    return () => {
      current = false;
    };
  }, [showError, dataProvider]);
  return options;
}
