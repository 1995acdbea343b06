import { CreateButton, ExportButton, FilterButton, TopToolbar } from 'react-admin';

/**
 * The toolbar of a resource list: "Add filter" for the filters that are not always shown (it
 * hides itself when there are none), Create, and optionally Export.
 */
export function ListActions({ exporter = false }: { exporter?: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      {exporter && <ExportButton />}
    </TopToolbar>
  );
}
