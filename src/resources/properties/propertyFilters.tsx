import type { PropertyKind } from '../../shared';
import { RegionInput } from './RegionInput';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const search = <ConsoleSearchInput key="q" source="q" alwaysOn />;

/** Search by code or name on every tab; countries also by region. */
export function propertyFilters(kind: PropertyKind) {
  return kind === 'countries' ? [search, <RegionInput key="regionCode" alwaysOn />] : [search];
}
