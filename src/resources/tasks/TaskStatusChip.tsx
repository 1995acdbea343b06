import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

const COLOURS: Record<string, ChipProps['color']> = { PENDING: 'default', STARTED: 'info', SUCCESS: 'success', ERROR: 'error', SUSPENDED: 'warning' };

/** A task status (or a process's SUSPENDED) as a coloured chip; `status` overrides the record's field. */
export function TaskStatusChip({ source = 'status', status }: { source?: string; status?: string | null; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const code: string | null | undefined = status !== undefined ? status : record?.[source];
  if (!code) return null;
  const color = COLOURS[code] ?? 'default';
  return <Chip size="small" color={color} variant={color === 'default' ? 'outlined' : 'filled'} label={translate(`resources.tasks.statuses.${code}`, { _: code })} />;
}
