import { CreateButton, DataTable, List, TopToolbar } from 'react-admin';
import type { Property } from '../../shared';
import { PropertyKindTabs } from './PropertyKindTabs';
import { PropertyListError } from './PropertyListError';
import { propertyFilters } from './propertyFilters';
import { RegionField } from './RegionField';
import { propertyListStoreKey } from './propertyListPath';
import { usePropertyKind } from './usePropertyKind';

const Column = DataTable.Col<Property>;

/**
 * One code table at a time, chosen by the tab in `?kind=`. Each kind keeps its own sort, page and
 * filters (its own store key), and the list remounts on a tab change so no filter leaks across.
 * No bulk delete: codes in use are refused one by one, and a partial bulk delete would mislead.
 */
export function PropertyList() {
  const kind = usePropertyKind();
  return (
    <>
      <PropertyKindTabs kind={kind} />
      <List
        key={kind}
        resource="properties"
        storeKey={propertyListStoreKey(kind)}
        filter={{ kind }}
        filters={propertyFilters(kind)}
        sort={{ field: 'no', order: 'ASC' }}
        perPage={10}
        empty={false}
        error={<PropertyListError />}
        actions={
          <TopToolbar>
            <CreateButton to={{ pathname: '/properties/create', search: `?kind=${kind}` }} />
          </TopToolbar>
        }
      >
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
      </List>
    </>
  );
}
