import { CreateButton, FilterButton, TopToolbar, useResourceDefinition } from 'react-admin';
import { ListExportButton } from './listExport';

/**
 * The toolbar of a resource list: "Add filter" for the filters that are not always shown (it
 * hides itself when there are none), Create where the resource has a create view (no button leads
 * nowhere), and optionally Export. Import (where the resource's declaration is `importable`), Views and Columns follow on every list (ConsoleList).
 */
export function ListActions({ exporter = false }: { exporter?: boolean }) {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      <FilterButton disableSaveQuery />
      {hasCreate && <CreateButton />}
      {exporter && <ListExportButton />}
    </TopToolbar>
  );
}
