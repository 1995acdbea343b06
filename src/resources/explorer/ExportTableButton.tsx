import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext } from 'react-admin';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { useApiErrorToast } from '../../components/useApiErrorToast';

/**
 * Exports the rows the table's sort and filters select, as the server's formula-safe CSV. The
 * server answers a short-lived link the browser downloads itself, so a large table streams to
 * disk instead of into page memory.
 */
export function ExportTableButton({ tableId }: { tableId: string }) {
  const { filterValues, sort } = useListContext();
  const showError = useApiErrorToast();
  const dataProvider = useConsoleDataProvider();
  const [pending, setPending] = useState(false);
  const exportRows = async () => {
    setPending(true);
    try {
      const body = { filter: JSON.stringify(filterValues), ...(sort?.field ? { sort: JSON.stringify([sort.field, sort.order]) } : {}) };
      const answer = await dataProvider.exportExplorerTable(tableId, body);
      window.location.assign(answer.data.url);
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button label="resources.explorer.actions.export" onClick={exportRows} disabled={pending}>
      <DownloadIcon />
    </Button>
  );
}
