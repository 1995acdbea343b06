import { ColumnsButton, CreateButton, ExportButton, FilterButton, TopToolbar } from 'react-admin';

/**
 * The toolbar of a resource list: "Add filter" for the filters that are not always shown (it
 * hides itself when there are none), optionally Columns (for tables with many columns), Create,
 * and optionally Export.
 */
export function ListActions({ exporter = false, columns = false }: { exporter?: boolean; columns?: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {columns && <ColumnsButton />}
      <CreateButton />
      {exporter && <ExportButton />}
    </TopToolbar>
  );
}
