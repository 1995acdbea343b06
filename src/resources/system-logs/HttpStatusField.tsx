import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { SystemLogEntry } from '../../shared';

const COLOR_OF_CLASS = { 2: 'success', 3: 'info', 4: 'warning', 5: 'error' } as const;

/** The HTTP status as a chip coloured by its class. */
export function HttpStatusField(_props: { label?: string }) {
  const record = useRecordContext<SystemLogEntry>();
  if (!record) return null;
  const color = COLOR_OF_CLASS[Math.floor(record.httpStatus / 100) as keyof typeof COLOR_OF_CLASS] ?? 'default';
  return <Chip size="small" variant="outlined" color={color} label={record.httpStatus} />;
}
