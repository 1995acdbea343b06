import { DataTable } from 'react-admin';
import type { Property, PropertyKind } from '../../shared';
import { RegionField } from './RegionField';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { RecordLink } from '../RecordLink';

const Column = DataTable.Col<Property>;

/** No bulk delete: codes in use are refused one by one, and a partial bulk delete would mislead. */
export function PropertyTable({ kind }: { kind: PropertyKind }) {
  return (
    <ConsoleDataTable rowClick="edit" bulkActionButtons={false}>
      <Column source="code" />
      <Column source="name" field={RecordLink} />
      {kind === 'countries' && (
        <Column source="regionCode" disableSort>
          <RegionField />
        </Column>
      )}
      <Column source="no" />
    </ConsoleDataTable>
  );
}
