import { SelectInput, type SelectInputProps } from 'react-admin';
import { useRegionLabel } from './regionLabel';
import { useRegions } from './useRegions';

/** A country's region, chosen from the regions table by code (the country form and the list filter). */
export function RegionInput(props: Omit<SelectInputProps, 'choices' | 'source'>) {
  const { data, isPending } = useRegions();
  const regionLabel = useRegionLabel();
  return <SelectInput source="regionCode" choices={data ?? []} optionValue="code" optionText={regionLabel} isPending={isPending} {...props} />;
}
