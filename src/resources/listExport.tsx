import { Children, isValidElement, useEffect, useState, type ReactNode } from 'react';
import { Button as MuiButton, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, CreateButton, FilterButton, TopToolbar, useFilterContext, useListContext, useResourceContext, useResourceDefinition, useStore, useTranslate } from 'react-admin';
import { useApiWrite } from '../components/useApi';
import type { ExportFormat } from '../shared';

/*
 * A list's export is written by the server (GET /api/<resource>/export, server/http/list-export.ts):
 * what the list shows, with its filter and sort and the columns the person shows, in their order,
 * in the reader's language and zone. The table says which columns it shows; the button asks for them.
 */

/** The columns each list's table shows, in its order, by resource (set by ConsoleDataTable as it draws). */
const shownColumns = new Map<string, string[]>();

/** The sources of a DataTable's columns as it shows them: its Columns choice (order and hidden ones) applied. */
export function useShownColumns(resource: string | undefined, children: ReactNode, storeKey: string | undefined, defaultHidden: readonly string[] = []): void {
  const key = storeKey ?? `${resource}.datatable`;
  const [hidden] = useStore<string[]>(key, [...defaultHidden]);
  const [ranks] = useStore<number[] | undefined>(`${key}_columnRanks`);
  const sources = Children.toArray(children).map((child) => (isValidElement<{ source?: unknown }>(child) && typeof child.props.source === 'string' ? child.props.source : undefined));
  // As react-admin's DataTable orders them (reorderChildren): a ranked column moves to its rank.
  const ordered: (string | undefined)[] = [];
  sources.forEach((source, index) => {
    const rank = ranks?.indexOf(index) ?? -1;
    ordered[rank === -1 ? index : rank] = source;
  });
  const shown = ordered.filter((source): source is string => typeof source === 'string' && !(hidden ?? []).includes(source));
  const text = shown.join(',');
  useEffect(() => {
    if (!resource) return;
    shownColumns.set(resource, text ? text.split(',') : []);
    return () => void shownColumns.delete(resource);
  }, [resource, text]);
}

/** The export request for a list as it stands: its filter, its sort, its shown columns. */
export function exportQuery(resource: string, format: ExportFormat, filterValues: Record<string, unknown>, sort: { field: string; order: string } | undefined) {
  const columns = shownColumns.get(resource);
  return {
    format,
    ...(columns?.length ? { columns: columns.join(',') } : {}),
    ...(sort?.field ? { sort: JSON.stringify([sort.field, sort.order]) } : {}),
    filter: JSON.stringify(filterValues ?? {}),
  };
}

/** Hands a downloaded file to the browser under its name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Export, as CSV or XLSX (a small menu): the server writes the list as the screen shows it, streamed;
 * an export that takes a while says how much has arrived. Offered where the list exports (its
 * exporter is not false).
 */
export function ListExportButton({ label = 'ra.action.export' }: { label?: string }) {
  const resource = useResourceContext()!;
  const { filterValues, sort, exporter, total } = useListContext();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { run, pending, progress } = useApiWrite();
  if (exporter === false) return null;

  async function exportAs(format: ExportFormat) {
    setAnchor(null);
    const answer = await run((api, onProgress) => api.exportList(resource, exportQuery(resource, format, filterValues, sort), onProgress), false);
    if (answer) saveBlob(answer.data.blob, answer.data.fileName ?? `${resource}.${format}`);
  }

  return (
    <>
      <Button label={label} onClick={(event) => setAnchor(event.currentTarget)} disabled={pending || total === 0} aria-haspopup="menu" aria-busy={pending}>
        <DownloadIcon />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void exportAs('csv')}>{translate('console.list.exportCsv')}</MenuItem>
        <MenuItem onClick={() => void exportAs('xlsx')}>{translate('console.list.exportXlsx')}</MenuItem>
      </Menu>
      {pending && (
        <MuiButton disabled size="small" role="status">
          {progress === undefined ? translate('console.list.exportWaiting') : translate('console.list.exporting', { percent: Math.round(progress * 100) })}
        </MuiButton>
      )}
    </>
  );
}

/**
 * A list's toolbar where it names none (react-admin's default ListActions, with the server's
 * export): Add filter where the list has filters, Create where the resource has a create view, Export.
 */
export function DefaultListActions() {
  const { hasCreate } = useResourceDefinition();
  const filters = useFilterContext();
  return (
    <TopToolbar>
      {filters && filters.length > 0 && <FilterButton disableSaveQuery />}
      {hasCreate && <CreateButton />}
      <ListExportButton />
    </TopToolbar>
  );
}
