import { useMemo, type ReactNode } from 'react';
import { TaskRetriesContext } from './TaskRunStatus';
import { useCollectStatus } from './useCollectStatus';

/** Hands the board's waiting retries to the task table below it (the same request as the board's). */
export function BoardRetryTimes({ children }: { children: ReactNode }) {
  const { data } = useCollectStatus();
  const retries = useMemo(() => new Map((data?.retries ?? []).map((retry) => [retry.taskId, retry.runAt])), [data?.retries]);
  return <TaskRetriesContext value={retries}>{children}</TaskRetriesContext>;
}
