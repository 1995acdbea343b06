import { useState } from 'react';
import { Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useTranslate } from 'react-admin';
import { useApiWrite } from '../../components/useApi';
import type { ExportFormat } from '../../shared';

/**
 * Exports the rows the table's sort and filters select, as the server's formula-safe CSV or XLSX
 * (a small menu, as a list's Export). The server answers a short-lived link the browser downloads
 * itself, so a large table streams to disk instead of into page memory.
 */
export function ExportTableButton({ tableId }: { tableId: string }) {
  const { filterValues, sort } = useListContext();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { run, pending } = useApiWrite({ success: false });
  const exportRows = async (format: ExportFormat) => {
    setAnchor(null);
    const body = { format, filter: JSON.stringify(filterValues), ...(sort?.field ? { sort: JSON.stringify([sort.field, sort.order]) } : {}) };
    const answer = await run((api) => api.exportExplorerTable(tableId, body));
    if (answer) window.location.assign(answer.data.url);
  };
  return (
    <>
      <Button label="resources.explorer.actions.export" onClick={(event) => setAnchor(event.currentTarget)} disabled={pending} aria-haspopup="menu">
        <DownloadIcon />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void exportRows('csv')}>{translate('console.list.exportCsv')}</MenuItem>
        <MenuItem onClick={() => void exportRows('xlsx')}>{translate('console.list.exportXlsx')}</MenuItem>
      </Menu>
    </>
  );
}
