import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { taskStateOf, taskStateWord, type TaskState } from '../../shared/task-states';

const COLOURS: Record<TaskState, ChipProps['color']> = { PENDING: 'default', RETRYING: 'warning', STARTED: 'info', SUCCESS: 'success', ERROR: 'error', SUSPENDED: 'warning' };

/**
 * A task's or process's state as a coloured chip, in its one word (src/shared/task-states.ts); `status`
 * (and `retryAt`) override the record's `source` field. A state the table does not know shows as it is.
 */
export function TaskStatusChip({ source = 'status', status, retryAt, title }: { source?: string; status?: string | null; retryAt?: string | null; title?: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const shown: unknown = status !== undefined ? status : record?.[source];
  if (typeof shown !== 'string' || !shown) return null;
  const state = taskStateOf({ status: shown, retryAt });
  const color = state ? COLOURS[state] : 'default';
  return (
    <Chip
      size="small"
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      label={state ? taskStateWord(state, translate) : shown}
      title={title}
      data-state={state ?? shown}
      className="task-state"
    />
  );
}
