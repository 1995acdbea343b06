import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { Envelope } from '../shared/envelope';
import { useApiWrite } from './useApi';

interface SignedExportButtonProps {
  /** The data provider's export of a log: the list's filters in, a short-lived download link out. */
  exportRows: (api: ConsoleDataProvider, filter: Record<string, unknown>) => Promise<Envelope<{ url: string }>>;
  label?: string;
}

/**
 * Exports the rows the current filters select. The server answers a short-lived link, which the
 * browser downloads itself, so a million rows stream to disk instead of into page memory. The
 * request log and the activity log export this way.
 */
export function SignedExportButton({ exportRows, label = 'ra.action.export' }: SignedExportButtonProps) {
  const { filterValues } = useListContext();
  const { run, pending } = useApiWrite({ success: false });
  const download = async () => {
    const answer = await run((api) => exportRows(api, filterValues));
    if (answer) window.location.assign(answer.data.url);
  };
  return (
    <Button label={label} onClick={download} disabled={pending}>
      <DownloadIcon />
    </Button>
  );
}
