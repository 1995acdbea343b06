import type { TaskErrorId } from '../../../src/shared';

/** A failure a task ends with: its errorId (the alert mail's) and a reason an admin can act on. */
export class TaskFailure extends Error {
  constructor(
    readonly errorId: TaskErrorId,
    message: string,
  ) {
    super(message);
  }
}

export function asTaskFailure(error: unknown): TaskFailure {
  if (error instanceof TaskFailure) return error;
  return new TaskFailure('INTERNAL', error instanceof Error ? error.message : String(error));
}
