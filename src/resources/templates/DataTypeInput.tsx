import { SelectInput, type SelectInputProps } from 'react-admin';
import { useDataTypes } from './useDataTypes';

/** A data type chosen by its code from the data types table. */
export function DataTypeInput(props: Omit<SelectInputProps, 'choices' | 'source'>) {
  const { data, isPending } = useDataTypes();
  return <SelectInput source="dataType" choices={data ?? []} optionValue="code" optionText="name" isPending={isPending} {...props} />;
}
