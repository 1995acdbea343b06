import { Box } from '@mui/material';
import { CreateButton, FilterButton, TopToolbar } from 'react-admin';
import { ConsoleList } from '../ConsoleList';
import { propertiesResource } from '../../shared/resources/properties';
import { PropertyKindTabs } from './PropertyKindTabs';
import { PropertyListError } from './PropertyListError';
import { propertyFilters } from './propertyFilters';
import { propertyListStoreKey } from './propertyListPath';
import { PropertyTable } from './PropertyTable';
import { usePropertyKind } from './usePropertyKind';

/**
 * One code table at a time, chosen by the tab in `?kind=`. Each kind keeps its own sort, page and
 * filters (its own store key), and the list remounts on a tab change so no filter leaks across.
 */
export function PropertyList() {
  const kind = usePropertyKind();
  // Inline-size containment: the scrollable tabs and the table scroll inside the screen instead of widening the page on a phone.
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PropertyKindTabs kind={kind} />
      <ConsoleList
        key={kind}
        resource="properties"
        declaration={propertiesResource}
        storeKey={propertyListStoreKey(kind)}
        filter={{ kind }}
        filters={propertyFilters(kind)}
        sort={{ field: 'no', order: 'ASC' }}
        perPage={10}
        empty={false}
        error={<PropertyListError />}
        actions={
          <TopToolbar>
            {/* Shown where a filter waits behind it (a phone's cards); it hides itself otherwise. */}
            <FilterButton disableSaveQuery />
            <CreateButton to={{ pathname: '/properties/create', search: `?kind=${kind}` }} />
          </TopToolbar>
        }
      >
        <PropertyTable kind={kind} />
      </ConsoleList>
    </Box>
  );
}
