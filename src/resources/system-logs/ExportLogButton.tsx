import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext } from 'react-admin';
import { useApiWrite } from '../../components/useApi';

/**
 * Exports the rows the current filters select. The server answers a short-lived link, which the
 * browser downloads itself, so a million rows stream to disk instead of into page memory.
 */
export function ExportLogButton() {
  const { filterValues } = useListContext();
  const { run, pending } = useApiWrite({ success: false });
  const exportRows = async () => {
    const answer = await run((api) => api.exportSystemLog(filterValues));
    if (answer) window.location.assign(answer.data.url);
  };
  return (
    <Button label="resources.system-logs.actions.export" onClick={exportRows} disabled={pending}>
      <DownloadIcon />
    </Button>
  );
}
