import { NumberInput, required, TextInput } from 'react-admin';
import type { PropertyKind } from '../../shared';
import { RegionInput } from './RegionInput';

const upperCase = (value: string) => value.toUpperCase();
const regionRequired = [required()];

/** Inputs shared by the create and edit forms; the kind itself is fixed (by the tab, or the record). */
export function PropertyInputs({ kind }: { kind: PropertyKind }) {
  return (
    <>
      <TextInput source="code" isRequired parse={upperCase} helperText="resources.properties.helpers.code" />
      <TextInput source="name" isRequired fullWidth />
      {kind === 'countries' && <RegionInput isRequired validate={regionRequired} />}
      <NumberInput source="no" min={0} step={1} helperText="resources.properties.helpers.no" />
    </>
  );
}
