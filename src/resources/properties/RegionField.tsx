import { useRecordContext } from 'react-admin';
import type { Property } from '../../shared';
import { useRegionLabel } from './regionLabel';
import { useRegions } from './useRegions';

/** A country's region by name, falling back to its code while the regions load. `label` is read by the show layout. */
export function RegionField(_props: { label?: string }) {
  const country = useRecordContext<Property>();
  const { data } = useRegions();
  const regionLabel = useRegionLabel();
  if (!country?.regionCode) return null;
  const region = data?.find(({ code }) => code === country.regionCode);
  return <span>{region ? regionLabel(region) : country.regionCode}</span>;
}
