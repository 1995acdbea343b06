import { ColumnsButton, CreateButton, ExportButton, FilterButton, TopToolbar, useResourceDefinition } from 'react-admin';

/**
 * The toolbar of a resource list: "Add filter" for the filters that are not always shown (it
 * hides itself when there are none), optionally Columns (for tables with many columns), Create
 * where the resource has a create view (no button leads nowhere), and optionally Export.
 */
export function ListActions({ exporter = false, columns = false }: { exporter?: boolean; columns?: boolean }) {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      <FilterButton />
      {columns && <ColumnsButton />}
      {hasCreate && <CreateButton />}
      {exporter && <ExportButton />}
    </TopToolbar>
  );
}
