import { readFileSync } from 'node:fs';
import { fromRoot, repoFiles } from '../../src/testing/repoFiles';

/**
 * Every file that says a task or process state to a reader, found the way `git grep` would: any
 * source under src/ or server/ (specs left out) naming the state table or a drawer of it. The
 * definitions themselves are no place: the table (src/shared/task-states.ts) and the two drawers
 * every screen uses (TaskStatusChip, TaskRunStatus).
 */
export const STATE_REFERENCE = /resources\.tasks\.statuses|TaskStatusChip|TaskRunStatus|LastTaskState|taskStateWord|taskStateKey|rowTaskState|TASK_STATE_MESSAGES|'taskStatus'/;

const DEFINITIONS = new Set(['src/shared/task-states.ts', 'src/resources/tasks/TaskStatusChip.tsx', 'src/resources/tasks/TaskRunStatus.tsx']);

export function statePlaces(): string[] {
  return repoFiles(['src', 'server'])
    .filter((file) => !DEFINITIONS.has(file))
    .filter((file) => STATE_REFERENCE.test(readFileSync(fromRoot(file), 'utf8')));
}

/** The places on screens (tests/unit/task-state-screens.spec.tsx renders each) and on the server (tests/unit/task-state-words.spec.ts). */
export const SCREEN_PLACES = [
  'src/resources/collect-configs/CollectConfigList.tsx',
  'src/resources/collect-configs/CollectConfigShow.tsx',
  'src/resources/tasks/ProcessTable.tsx',
  'src/resources/tasks/RunPostTasks.tsx',
  'src/resources/tasks/TaskAttemptsField.tsx',
  'src/resources/tasks/TaskDetailFields.tsx',
  'src/resources/tasks/TaskShow.tsx',
  'src/resources/tasks/TaskTable.tsx',
  'src/resources/tasks/TasksPerDayChart.tsx',
  'src/resources/tasks/index.ts',
] as const;

export const SERVER_PLACES = ['server/collect/alert-mails/summaries.ts', 'server/collect/tasks/index.ts', 'server/http/export-cells.ts', 'src/shared/activity.ts', 'src/shared/code-sets.ts'] as const;
