import { DataTable, FilterButton, TopToolbar } from 'react-admin';
import type { ExplorerRow, ExplorerTableDetail } from '../../shared';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ConsoleList } from '../ConsoleList';
import { columnFilters } from './columnFilters';
import { ExportTableButton } from './ExportTableButton';

const Column = DataTable.Col<ExplorerRow>;

/** Rows of one table, paged, sorted and filtered by the server; the export takes the same sort and filters. */
export function ExplorerRows({ table }: { table: ExplorerTableDetail }) {
  return (
    <ConsoleList
      resource={`explorer/${table.id}/rows`}
      title={false}
      filters={columnFilters(table.columns)}
      perPage={25}
      // No sort until a column is chosen: rows come in the order they were stored.
      sort={{ field: '', order: 'ASC' }}
      disableSyncWithLocation
      storeKey={false}
      exporter={false}
      actions={
        <TopToolbar>
          <FilterButton disableSaveQuery />
          <ExportTableButton tableId={table.id} />
        </TopToolbar>
      }
    >
      <ConsoleDataTable bulkActionButtons={false} rowClick={false}>
        {table.columns.map((column, index) => (
          <Column key={column.name} source={column.name} label={column.name} render={(row) => formatCell(row.cells[index])} />
        ))}
      </ConsoleDataTable>
    </ConsoleList>
  );
}

function formatCell(value: string | number | null): string {
  return value === null ? '' : String(value);
}
