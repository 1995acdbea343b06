import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext } from 'react-admin';
import { httpClient } from '../../providers/httpClient';
import { useApiErrorToast } from '../../components/useApiErrorToast';

/**
 * Exports the rows the current filters select. The server answers a short-lived link, which the
 * browser downloads itself, so a million rows stream to disk instead of into page memory.
 */
export function ExportLogButton() {
  const { filterValues } = useListContext();
  const showError = useApiErrorToast();
  const [pending, setPending] = useState(false);
  const exportRows = async () => {
    setPending(true);
    try {
      const answer = await httpClient.post<{ url: string }>('/system-logs/export', { filter: filterValues });
      window.location.assign(answer.data.url);
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  };
  return <Button label="resources.system-logs.actions.export" onClick={exportRows} disabled={pending}><DownloadIcon /></Button>;
}
