import { useGetList } from 'react-admin';
import type { Property } from '../../shared';

/** Every region (a short code table; the server's page limit is 100), for the country forms, filter and column. */
export function useRegions() {
  return useGetList<Property>('properties', {
    filter: { kind: 'regions' },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'no', order: 'ASC' },
  });
}
