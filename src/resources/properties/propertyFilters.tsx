import { SearchInput } from 'react-admin';
import type { PropertyKind } from '../../shared';
import { RegionInput } from './RegionInput';

const search = <SearchInput key="q" source="q" alwaysOn />;

/** Search by code or name on every tab; countries also by region. */
export function propertyFilters(kind: PropertyKind) {
  return kind === 'countries' ? [search, <RegionInput key="regionCode" alwaysOn />] : [search];
}
