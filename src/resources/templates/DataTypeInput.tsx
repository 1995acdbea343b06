import { SelectInput, type SelectInputProps } from 'react-admin';
import { useDataTypes } from './useDataTypes';

/** A data type chosen by its code from the data types table. */
export function DataTypeInput({ source = 'dataType', ...props }: Omit<SelectInputProps, 'choices'>) {
  const { data, isPending } = useDataTypes();
  return <SelectInput source={source} choices={data ?? []} optionValue="code" optionText="name" isPending={isPending} {...props} />;
}
