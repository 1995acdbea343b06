import { ArrayInput, SelectInput, SimpleFormIterator } from 'react-admin';
import type { UserFormOptions } from '../../shared';

/** Connected data types as advertiser + data type pairs. */
export function DataTypesInput({ options }: { options?: UserFormOptions }) {
  return (
    <ArrayInput source="dataTypes">
      <SimpleFormIterator inline disableReordering>
        <SelectInput source="advertiserCode" choices={options?.advertisers ?? []} optionValue="code" isRequired />
        <SelectInput source="dataTypeCode" choices={options?.dataTypes ?? []} optionValue="code" isRequired />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
