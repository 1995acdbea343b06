import type { Property } from '../../shared';
import { usePropertyName } from '../../components/usePropertyName';

/** A region as "name (code)", the name in the reader's language: where a country's region is shown or chosen. */
export function useRegionLabel(): (region: Pick<Property, 'code' | 'name'>) => string {
  const nameOf = usePropertyName();
  return (region) => `${nameOf('regions', region)} (${region.code})`;
}
