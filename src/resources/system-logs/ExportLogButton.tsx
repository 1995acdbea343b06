import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext } from 'react-admin';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { useApiErrorToast } from '../../components/useApiErrorToast';

/**
 * Exports the rows the current filters select. The server answers a short-lived link, which the
 * browser downloads itself, so a million rows stream to disk instead of into page memory.
 */
export function ExportLogButton() {
  const dataProvider = useConsoleDataProvider();
  const { filterValues } = useListContext();
  const showError = useApiErrorToast();
  const [pending, setPending] = useState(false);
  const exportRows = async () => {
    setPending(true);
    try {
      const answer = await dataProvider.exportSystemLog(filterValues);
      window.location.assign(answer.data.url);
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button label="resources.system-logs.actions.export" onClick={exportRows} disabled={pending}>
      <DownloadIcon />
    </Button>
  );
}
