// Type-only imports: the board and the chips draw a state without pulling zod in.
import type { TaskStatus } from './collect-constants';

/**
 * The states a reader is told of a collect or post task, or of a process (its latest task): the
 * stored status, except that a PENDING task waiting to run again after a failed attempt (it has a
 * `retryAt`) is RETRYING, and a process whose collect config stopped is SUSPENDED. Each state has
 * one word per language, under `resources.tasks.statuses.<state>` in the tasks label files: the
 * board, the task list and page, the posting tasks, the chart, alert mails and list exports all
 * take it from there (tests/unit/task-state-words.spec.tsx walks every state and every place).
 */
export const TASK_STATES = ['PENDING', 'RETRYING', 'STARTED', 'SUCCESS', 'ERROR', 'SUSPENDED'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** Where the state words live in both label files. */
export const TASK_STATE_MESSAGES = 'resources.tasks.statuses';

/** A task's or a process's status (and when it runs again, if it does) as the state a reader is told. */
export function taskStateOf({ status, retryAt }: { status?: TaskStatus | 'SUSPENDED' | string | null; retryAt?: string | null }): TaskState | undefined {
  if (!status) return undefined;
  if (status === 'PENDING' && retryAt) return 'RETRYING';
  return (TASK_STATES as readonly string[]).includes(status) ? (status as TaskState) : undefined;
}

/** The message key of a state's word. */
export const taskStateKey = (state: TaskState): string => `${TASK_STATE_MESSAGES}.${state}`;

/** A state's word in the reader's language (`t` is react-admin's translate or the server's label translator). */
export const taskStateWord = (state: TaskState, t: (key: string, options?: Record<string, unknown>) => string): string => t(taskStateKey(state), { _: state });

/** In a row holding a task status, the field saying when that task runs again (a task's own, a collect config's latest task's). */
export const TASK_RETRY_FIELDS: Readonly<Record<string, string>> = { status: 'retryAt', lastTaskStatus: 'lastTaskRetryAt' };

/** The state of a row's task status field (`status`, `lastTaskStatus`), read with its retry time. */
export function rowTaskState(row: Readonly<Record<string, unknown>>, source: string): TaskState | undefined {
  const status = row[source];
  const retryAt = Object.hasOwn(TASK_RETRY_FIELDS, source) ? row[TASK_RETRY_FIELDS[source]!] : undefined;
  return typeof status === 'string' ? taskStateOf({ status, retryAt: typeof retryAt === 'string' ? retryAt : null }) : undefined;
}
