import ReplayIcon from '@mui/icons-material/Replay';
import { useRecordContext } from 'react-admin';
import type { Task } from '../../shared';
import { ConfirmedActionButton } from '../../components/ConfirmedActionButton';

/** Retry of a failed task (ERROR only; the server refuses others), after a confirmation. */
export function RetryTaskButton() {
  const task = useRecordContext<Task>();
  if (!task || task.status !== 'ERROR') return null;
  return (
    <ConfirmedActionButton
      label="resources.tasks.actions.retry"
      icon={<ReplayIcon />}
      color="warning"
      call={(api) => api.retryTask(task.id)}
      confirm={{ title: 'resources.tasks.actions.retryTitle', titleArgs: { id: task.id }, content: 'resources.tasks.actions.retryContent' }}
    />
  );
}
