import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { CollectProcessRow, Task } from '../../shared';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { TaskStatusChip } from './TaskStatusChip';

/** HH:mm in the browser's time zone, with the day (YYYY-MM-DD HH:mm) when it is not today. */
export function retryTimeText(iso: string, now = new Date()): string {
  const at = formatConsoleDate(iso, true);
  return at.slice(0, 10) === formatConsoleDate(now) ? at.slice(11) : at;
}

/**
 * A task's status, or a process's (`status` and `retryAt` given): one waiting to retry a failed
 * attempt says when it runs again instead of "Pending", in the same words on the board, the task
 * list and the task page.
 */
export function TaskRunStatus({ status, retryAt }: { status?: CollectProcessRow['status']; retryAt?: string | null; label?: string }) {
  const task = useRecordContext<Task>();
  const translate = useTranslate();
  const shown = status !== undefined ? status : task?.status;
  const runAt = retryAt !== undefined ? retryAt : task?.retryAt;
  if (shown !== 'PENDING' || !runAt) return <TaskStatusChip status={shown} />;
  const label = translate('resources.tasks.retryingAt', { time: retryTimeText(runAt) });
  const title = task && status === undefined ? translate('resources.tasks.retryTitle', { attempt: task.attempt, maxAttempts: task.maxAttempts }) : undefined;
  return <Chip size="small" color="warning" variant="outlined" label={label} title={title} />;
}

/** Whole seconds as "42 s", "3 min 5 s" or "1 h 2 min", or "under 1 s" (by the locale's messages). */
export function durationText(ms: number, translate: (key: string, options?: object) => string): string {
  // An attempt that failed at once took some milliseconds, not none.
  if (ms < 500) return translate('resources.tasks.duration.underSecond');
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return translate('resources.tasks.duration.seconds', { s: seconds });
  if (seconds < 3600) return translate('resources.tasks.duration.minutes', { m: Math.floor(seconds / 60), s: seconds % 60 });
  return translate('resources.tasks.duration.hours', { h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) });
}

/** How long a finished run took (finished − started); nothing while it has not finished. */
export function TaskDuration() {
  const task = useRecordContext<Task>();
  const translate = useTranslate();
  if (!task?.startedAt || !task.finishedAt) return null;
  return <span>{durationText(Date.parse(task.finishedAt) - Date.parse(task.startedAt), translate)}</span>;
}
