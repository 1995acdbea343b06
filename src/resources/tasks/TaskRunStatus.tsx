import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { CollectConfig, CollectProcessRow, Task } from '../../shared';
import { taskStateOf } from '../../shared/task-states';
import { runDurationText } from '../../shared/run-durations';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { TaskStatusChip } from './TaskStatusChip';

/** HH:mm in the browser's time zone, with the day (YYYY-MM-DD HH:mm) when it is not today. */
export function retryTimeText(iso: string, now = new Date()): string {
  const at = formatConsoleDate(iso, true);
  return at.slice(0, 10) === formatConsoleDate(now) ? at.slice(11) : at;
}

/**
 * A task's state, or a process's (`status` and `retryAt` given), in its one word: one waiting to
 * retry a failed attempt reads "Retrying" with the time it runs again beside it, in the same words
 * on the board, the task list, the task page and a run's post tasks.
 */
export function TaskRunStatus({ status, retryAt }: { status?: CollectProcessRow['status']; retryAt?: string | null; label?: string }) {
  const task = useRecordContext<Task>();
  const translate = useTranslate();
  const shown = status !== undefined ? status : task?.status;
  const runAt = retryAt !== undefined ? retryAt : task?.retryAt;
  if (taskStateOf({ status: shown, retryAt: runAt }) !== 'RETRYING' || !runAt) return <TaskStatusChip status={shown ?? null} />;
  const time = retryTimeText(runAt);
  const title =
    task && status === undefined ? translate('resources.tasks.retryTitle', { attempt: task.attempt, maxAttempts: task.maxAttempts, time }) : translate('resources.tasks.retryTime', { time });
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <TaskStatusChip status={shown ?? null} retryAt={runAt} title={title} />
      <Typography component="span" variant="caption" color="text.secondary" className="retry-time">
        {time}
      </Typography>
    </Box>
  );
}

/** A collect config's latest task, in the words its process row on the board uses. */
export function LastTaskState(_props: { label?: string }) {
  const config = useRecordContext<CollectConfig>();
  if (!config) return null;
  return <TaskRunStatus status={config.lastTaskStatus} retryAt={config.lastTaskRetryAt} />;
}

/** "42 s", "3 min 5 s" or "1 h 2 min", "under 1 s", or for a failed run or attempt under a second "failed at once" (src/shared/run-durations.ts). */
export function durationText(ms: number, translate: (key: string, options?: object) => string, failed = false): string {
  return runDurationText(ms, failed, translate);
}

/** How long a finished run took (finished − started); nothing while it has not finished. */
export function TaskDuration() {
  const task = useRecordContext<Task>();
  const translate = useTranslate();
  if (!task?.startedAt || !task.finishedAt) return null;
  return <span>{durationText(Date.parse(task.finishedAt) - Date.parse(task.startedAt), translate, task.status === 'ERROR')}</span>;
}
