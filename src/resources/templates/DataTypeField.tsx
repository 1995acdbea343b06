import { useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import type { Template } from '../../shared';

/** The data type's name, or its code when the code table no longer has it. */
export function DataTypeField(_props: { label?: string }) {
  const record = useRecordContext<Template>();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span">
      {record.dataTypeName ?? record.dataType}
    </Typography>
  );
}
