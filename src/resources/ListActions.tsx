import { CreateButton, FilterButton, TopToolbar, useResourceDefinition } from 'react-admin';
import { ListExportButton } from './listExport';
import { ConsoleImportButton } from './ConsoleImportButton';

/**
 * The toolbar of a resource list: "Add filter" for the filters that are not always shown (it
 * hides itself when there are none), Create where the resource has a create view (no button leads
 * nowhere), Import where the resource's declaration is `importable`, and optionally Export. Views and Columns follow on every list (ConsoleList).
 */
export function ListActions({ exporter = false, importable = false }: { exporter?: boolean; importable?: boolean }) {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      <FilterButton disableSaveQuery />
      {hasCreate && <CreateButton />}
      {importable && hasCreate && <ConsoleImportButton />}
      {exporter && <ListExportButton />}
    </TopToolbar>
  );
}
