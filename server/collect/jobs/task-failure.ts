import type { TaskErrorId } from '../../../src/shared';

import { asWritten, type ServerMessage } from '../../../src/i18n/serverMessage';

/** A failure a task ends with: its errorId (the alert mail's) and a reason an admin can act on. */
export class TaskFailure extends Error {
  constructor(
    readonly errorId: TaskErrorId,
    message: ServerMessage,
  ) {
    super(message);
  }
}

export function asTaskFailure(error: unknown): TaskFailure {
  if (error instanceof TaskFailure) return error;
  return new TaskFailure('INTERNAL', asWritten(error instanceof Error ? error.message : String(error)));
}
