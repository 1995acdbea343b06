import type { ChipProps } from '@mui/material';
import { CodeChip } from '../../components/CodeChip';

const COLOURS: Record<string, ChipProps['color']> = { PENDING: 'default', STARTED: 'info', SUCCESS: 'success', ERROR: 'error', SUSPENDED: 'warning' };

/** A task status (or a process's SUSPENDED) as a coloured chip; `status` overrides the record's field. */
export function TaskStatusChip({ source = 'status', status }: { source?: string; status?: string | null; label?: string }) {
  return <CodeChip source={source} code={status} messages="resources.tasks.statuses" colors={COLOURS} />;
}
