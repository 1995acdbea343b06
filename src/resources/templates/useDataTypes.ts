import { useGetList } from 'react-admin';
import type { Property } from '../../shared';

/** The data types code table (Project Properties; rank 1, like this screen), for the select and the filter. */
export function useDataTypes() {
  return useGetList<Property>('properties', {
    filter: { kind: 'data-types' },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'no', order: 'ASC' },
  });
}
