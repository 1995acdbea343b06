import { AutocompleteInput, TextInput, useGetList, type InputProps } from 'react-admin';
import type { Property, PropertyKind } from '../../shared';

interface CodeInputProps extends Pick<InputProps, 'source' | 'label' | 'helperText'> {
  kind: Extract<PropertyKind, 'advertisers' | 'countries' | 'data-types'>;
  isRequired?: boolean;
}

/**
 * A code from a Project Properties table (advertisers, countries, data types), chosen by name.
 * That table is System Setting (rank 1): for a collect admin who may not read it, the input falls
 * back to the plain code, which the server checks against the same table.
 */
export function CodeInput({ kind, source, label, helperText, isRequired }: CodeInputProps) {
  const { data, isPending, error } = useGetList<Property>('properties', { filter: { kind }, pagination: { page: 1, perPage: 100 }, sort: { field: 'no', order: 'ASC' } }, { retry: false });
  if (error) return <TextInput source={source} label={label} helperText={helperText} isRequired={isRequired} parse={(value: string) => value.toUpperCase()} />;
  return (
    <AutocompleteInput
      source={source}
      label={label}
      helperText={helperText}
      isRequired={isRequired}
      choices={data ?? []}
      optionValue="code"
      optionText={(choice: Property) => `${choice.name} (${choice.code})`}
      isPending={isPending}
      sx={{ minWidth: 260 }}
    />
  );
}
