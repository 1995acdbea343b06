import { Typography } from '@mui/material';
import { useGetList, useRecordContext } from 'react-admin';
import type { Property, PropertyKind } from '../shared';
import { codeDetails } from './CodeField';
import { usePropertyName } from './usePropertyName';

interface PropertyCodeFieldProps {
  /** The Project Properties table the code belongs to. */
  kind: PropertyKind;
  source?: string;
  /** The code to show instead of the record's `source` field (a row outside a record context). */
  code?: string | null;
  label?: string;
  sortable?: boolean;
}

/**
 * A code of a Project Properties table (advertiser ACME, country KR, data type MEDIA) as its name
 * in the reader's language, the code in its details only (codeDetails), never beside the name. The table is read once per kind (the same query CodeInput
 * makes, so react-query shares it); a code the table no longer has shows as it is, once the table has come.
 */
export function PropertyCodeField({ kind, source = '', code: given }: PropertyCodeFieldProps) {
  const record = useRecordContext();
  const nameOf = usePropertyName();
  const { data, error } = useGetList<Property>('properties', { filter: { kind }, pagination: { page: 1, perPage: 100 }, sort: { field: 'no', order: 'ASC' } }, { retry: false });
  const code: unknown = given !== undefined ? given : record?.[source];
  if (code === null || code === undefined || code === '') return null;
  // Until the table arrives the name is unknown: nothing, rather than the bare code flashing first.
  if (!data && !error) return null;
  const property = data?.find((property) => property.code === code);
  if (!property) return <span>{String(code)}</span>;
  return (
    <Typography variant="body2" component="span" {...codeDetails(String(code))}>
      {nameOf(kind, property)}
    </Typography>
  );
}
