/**
 * How long a run or one attempt took, as a message key and its values, wherever a duration is read
 * (the attempts table, the task list, the task page, a collect run's post tasks, the response
 * metadata). A failed run or attempt that took under a second never got going: it reads "failed at
 * once", not a duration of "0 s" or "under 1 s".
 */
export interface RunDuration {
  key: string;
  values?: Record<string, number>;
}

/** Under this, a failed run or attempt ended before it did anything. */
export const FAILED_AT_ONCE_MS = 1000;

export function runDuration(ms: number, failed: boolean): RunDuration {
  if (failed && ms < FAILED_AT_ONCE_MS) return { key: 'resources.tasks.duration.failedAtOnce' };
  if (ms < 1000) return { key: 'resources.tasks.duration.underSecond' };
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return { key: 'resources.tasks.duration.seconds', values: { s: seconds } };
  if (seconds < 3600) return { key: 'resources.tasks.duration.minutes', values: { m: Math.floor(seconds / 60), s: seconds % 60 } };
  return { key: 'resources.tasks.duration.hours', values: { h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) } };
}

/** The duration in the reader's words. */
export const runDurationText = (ms: number, failed: boolean, t: (key: string, options?: Record<string, unknown>) => string): string => {
  const { key, values } = runDuration(ms, failed);
  return t(key, values);
};
