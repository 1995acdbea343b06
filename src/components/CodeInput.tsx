import { AutocompleteInput, useGetList, type InputProps } from 'react-admin';
import type { Property, PropertyKind } from '../shared';
import { usePropertyName } from './usePropertyName';

interface CodeInputProps extends Pick<InputProps, 'source' | 'label' | 'helperText'> {
  kind: Extract<PropertyKind, 'advertisers' | 'countries' | 'data-types'>;
  isRequired?: boolean;
}

/**
 * A code from a Project Properties table (advertisers, countries, data types), chosen by its name
 * in the reader's language.
 * Every signed-in admin may read those tables; if the list still fails to load, the input is
 * disabled and says so rather than letting a code be guessed.
 */
export function CodeInput({ kind, source, label, helperText, isRequired }: CodeInputProps) {
  const nameOf = usePropertyName();
  const { data, isPending, error } = useGetList<Property>('properties', { filter: { kind }, pagination: { page: 1, perPage: 100 }, sort: { field: 'no', order: 'ASC' } }, { retry: false });
  return (
    <AutocompleteInput
      source={source}
      label={label}
      helperText={error ? 'resources.market-accounts.codeTableError' : helperText}
      isRequired={isRequired}
      choices={data ?? []}
      optionValue="code"
      optionText={(choice: Property) => `${nameOf(kind, choice)} (${choice.code})`}
      isPending={isPending}
      disabled={!!error}
      TextFieldProps={error ? { error: true } : undefined}
      sx={{ minWidth: 260 }}
    />
  );
}
