import { ArrayInput, SelectInput, SimpleFormIterator } from 'react-admin';
import type { UserFormOptions } from '../../shared';

/** Connected data types as advertiser + data type pairs: a record of who works on what, not a permission. */
export function DataTypesInput({ options }: { options?: UserFormOptions }) {
  return (
    <ArrayInput source="dataTypes" helperText="resources.users.helpers.dataTypes">
      <SimpleFormIterator inline disableReordering>
        <SelectInput source="advertiserCode" label="resources.users.fields.advertiserCode" choices={options?.advertisers ?? []} optionValue="code" isRequired helperText={false} />
        <SelectInput source="dataTypeCode" label="resources.users.fields.dataTypeCode" choices={options?.dataTypes ?? []} optionValue="code" isRequired helperText={false} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
