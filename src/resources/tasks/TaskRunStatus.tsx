import { createContext, useContext } from 'react';
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Task } from '../../shared';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { TaskStatusChip } from './TaskStatusChip';

/** When each task waiting to retry a failed attempt will run (task id → ISO time), from the status board. */
export const TaskRetriesContext = createContext<ReadonlyMap<number, string>>(new Map());

/** HH:mm in the browser's time zone, with the day (YYYY-MM-DD HH:mm) when it is not today. */
export function retryTimeText(iso: string, now = new Date()): string {
  const at = formatConsoleDate(iso, true);
  return at.slice(0, 10) === formatConsoleDate(now) ? at.slice(11) : at;
}

/** A task's status; a failed attempt waiting for its retry says when it will run instead of "Pending". */
export function TaskRunStatus() {
  const task = useRecordContext<Task>();
  const retries = useContext(TaskRetriesContext);
  const translate = useTranslate();
  const runAt = task ? retries.get(task.id) : undefined;
  if (!task || task.status !== 'PENDING' || !runAt) return <TaskStatusChip />;
  const label = translate('resources.tasks.retryingAt', { time: retryTimeText(runAt) });
  return <Chip size="small" color="warning" variant="outlined" label={label} title={translate('resources.tasks.retryTitle', { attempt: task.attempt, maxAttempts: task.maxAttempts })} />;
}

/** Whole seconds as "42 s", "3 min 5 s" or "1 h 2 min" (by the locale's messages). */
export function durationText(ms: number, translate: (key: string, options?: object) => string): string {
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
