import { DataTable } from 'react-admin';
import type { Property, PropertyKind } from '../../shared';
import { RegionField } from './RegionField';

const Column = DataTable.Col<Property>;

/** No bulk delete: codes in use are refused one by one, and a partial bulk delete would mislead. */
export function PropertyTable({ kind }: { kind: PropertyKind }) {
  return (
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <Column source="code" />
      <Column source="name" />
      {kind === 'countries' && (
        <Column source="regionCode" disableSort>
          <RegionField />
        </Column>
      )}
      <Column source="no" />
    </DataTable>
  );
}
