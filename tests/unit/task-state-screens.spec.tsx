import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, memoryStore, testDataProvider } from 'react-admin';
import { readFileSync } from 'node:fs';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { tasksEn } from '../../src/i18n/resources/tasks.en';
import { tasksKo } from '../../src/i18n/resources/tasks.ko';
import type { CollectProcessRow, Task, TaskDetail } from '../../src/shared';
import { TASK_STATES, type TaskState } from '../../src/shared/task-states';
import { fromRoot } from '../../src/testing/repoFiles';
import { ProcessTable } from '../../src/resources/tasks/ProcessTable';
import { RunPostTasks } from '../../src/resources/tasks/RunPostTasks';
import { LastTaskState, TaskDuration, TaskRunStatus } from '../../src/resources/tasks/TaskRunStatus';
import { PostingTasksField, ResponseMetaField } from '../../src/resources/tasks/TaskDetailFields';
import { TaskAttemptsField } from '../../src/resources/tasks/TaskAttemptsField';
import { TasksPerDayChart } from '../../src/resources/tasks/TasksPerDayChart';
import { SCREEN_PLACES } from './task-state-places';

afterEach(cleanup);

/**
 * Every screen place that says a task or process state (found by scanning the source:
 * tests/unit/task-state-places.ts), in every state it can show and in both languages, says the
 * state's one word from src/i18n/resources/tasks.<lang>.ts — the word the exports and alert mails
 * use too (tests/unit/task-state-words.spec.ts).
 */
const WORDS = { en: tasksEn.statuses, ko: tasksKo.statuses } as const;
type Language = keyof typeof WORDS;
const RETRY_AT = new Date(Date.now() + 3_600_000).toISOString();

const TASK: Task = {
  id: 41,
  taskId: 41,
  taskKind: 'COLLECT',
  configId: 7,
  metricName: 'Media spend',
  postConfigId: null,
  targetMethod: 'LOCAL',
  parentTaskId: null,
  processId: 'P7',
  processType: 'MASTERING',
  scheduleType: 'DAILY',
  scheduleId: 1,
  status: 'SUCCESS',
  attempt: 1,
  maxAttempts: 3,
  periodFrom: '2026-11-17',
  periodTo: '2026-11-17',
  dueAt: '2026-11-18T06:00:00.000Z',
  startedAt: '2026-11-18T06:00:00.000Z',
  finishedAt: '2026-11-18T06:03:05.000Z',
  rowsFetched: 1,
  rowsMastered: 1,
  rowsPosted: 1,
  errorId: null,
  errorText: null,
  retryAt: null,
  createdAt: '2026-11-18T06:00:00.000Z',
  updatedAt: '2026-11-18T06:03:05.000Z',
};

/** A task in a state: RETRYING is PENDING with a time it runs again. */
const inState = (state: TaskState): Task => ({ ...TASK, status: state === 'RETRYING' ? 'PENDING' : (state as Task['status']), retryAt: state === 'RETRYING' ? RETRY_AT : null });
const TASK_ROW_STATES = TASK_STATES.filter((state) => state !== 'SUSPENDED');

function renderIn(language: Language, element: ReactElement, dataProvider = testDataProvider({ getList: async () => ({ data: [], total: 0 }) as never })) {
  return render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale: language })} dataProvider={dataProvider}>
      <ResourceContextProvider value="tasks">{element}</ResourceContextProvider>
    </AdminContext>,
  );
}

/** The state words drawn (each chip of TaskStatusChip). */
async function chipWords(): Promise<string[]> {
  await waitFor(() => expect(document.querySelector('.task-state')).not.toBeNull());
  return [...document.querySelectorAll('.task-state')].map((chip) => chip.textContent ?? '');
}

const inRecord = (record: object, child: ReactElement) => <RecordContextProvider value={record}>{child}</RecordContextProvider>;
/** The list row, the task page and the phone card draw the record's state with TaskRunStatus. */
const ownTask = (state: TaskState) => inRecord(inState(state), <TaskRunStatus />);

/** Each place: the states it can show and the words it draws for one. */
const PLACES: Record<(typeof SCREEN_PLACES)[number], { states: readonly TaskState[]; words: (state: TaskState, language: Language) => Promise<string[]> }> = {
  'src/resources/tasks/ProcessTable.tsx': {
    states: TASK_STATES,
    words: async (state, language) => {
      const task = inState(state);
      const row: CollectProcessRow = {
        processId: 'P7',
        configId: 7,
        metricName: 'Media spend',
        dataType: 'MEDIA',
        hourly: 0,
        weekly: 0,
        monthly: 0,
        scheduled: null,
        mastered: 0,
        posted: 0,
        targets: 0,
        updatedAt: null,
        status: state === 'SUSPENDED' ? 'SUSPENDED' : task.status,
        retryAt: task.retryAt,
      };
      renderIn(language, <ProcessTable processes={[row]} onShowTasks={() => undefined} />);
      return chipWords();
    },
  },
  'src/resources/tasks/TaskTable.tsx': { states: TASK_ROW_STATES, words: async (state, language) => (renderIn(language, ownTask(state)), chipWords()) },
  'src/resources/tasks/TaskShow.tsx': { states: TASK_ROW_STATES, words: async (state, language) => (renderIn(language, ownTask(state)), chipWords()) },
  'src/resources/tasks/index.ts': { states: TASK_ROW_STATES, words: async (state, language) => (renderIn(language, ownTask(state)), chipWords()) },
  'src/resources/tasks/RunPostTasks.tsx': {
    states: TASK_ROW_STATES,
    words: async (state, language) => {
      const post = { ...inState(state), id: 51, taskId: 51, taskKind: 'POST' as const, parentTaskId: 41 };
      renderIn(language, inRecord(TASK, <RunPostTasks />), testDataProvider({ getList: async () => ({ data: [post], total: 1 }) as never }));
      return chipWords();
    },
  },
  'src/resources/tasks/TaskDetailFields.tsx': {
    states: TASK_ROW_STATES,
    words: async (state, language) => {
      const detail = { ...TASK, postingTasks: [{ ...inState(state), id: 51, taskKind: 'POST' }] } as unknown as TaskDetail;
      renderIn(language, inRecord(detail, <PostingTasksField />));
      return chipWords();
    },
  },
  'src/resources/collect-configs/CollectConfigList.tsx': {
    states: TASK_ROW_STATES,
    words: async (state, language) => (renderIn(language, inRecord({ id: 7, lastTaskStatus: inState(state).status, lastTaskRetryAt: inState(state).retryAt }, <LastTaskState />)), chipWords()),
  },
  'src/resources/collect-configs/CollectConfigShow.tsx': {
    states: TASK_ROW_STATES,
    words: async (state, language) => (renderIn(language, inRecord({ id: 7, lastTaskStatus: inState(state).status, lastTaskRetryAt: inState(state).retryAt }, <LastTaskState />)), chipWords()),
  },
  'src/resources/tasks/TaskAttemptsField.tsx': {
    states: ['SUCCESS', 'ERROR'],
    words: async (state, language) => {
      const attempt = { attempt: 1, startedAt: TASK.startedAt!, finishedAt: TASK.finishedAt!, durationMs: 185_000, outcome: state as 'SUCCESS' | 'ERROR' };
      renderIn(language, inRecord({ ...TASK, attempts: [attempt] }, <TaskAttemptsField />));
      const table = await screen.findByTestId('task-attempts');
      return [table.querySelectorAll('tbody td')[3].textContent ?? ''];
    },
  },
  'src/resources/tasks/TasksPerDayChart.tsx': {
    states: ['PENDING', 'STARTED', 'SUCCESS', 'ERROR'],
    words: async (state, language) => {
      const counts = { SUCCESS: 1, ERROR: 2, STARTED: 3, PENDING: 4 } as const;
      renderIn(language, <TasksPerDayChart days={[{ day: '2026-11-18', ...counts }]} />);
      const label = (await screen.findByRole('img')).getAttribute('aria-label') ?? '';
      // The chart says each state as "<word> <count>": the word before this state's count.
      const word = WORDS[language][state];
      return label.includes(`${word} ${counts[state as keyof typeof counts]}`) ? [word] : [label];
    },
  },
};

describe('task and process states on screens', () => {
  it('cover every screen place the source scan finds, each drawing through the shared state drawers', () => {
    expect(Object.keys(PLACES).sort()).toEqual([...SCREEN_PLACES].sort());
    // The places that draw a record's own state use TaskRunStatus, never a status code's words by hand.
    for (const file of ['src/resources/tasks/TaskTable.tsx', 'src/resources/tasks/TaskShow.tsx', 'src/resources/tasks/index.ts', 'src/resources/tasks/RunPostTasks.tsx'])
      expect(readFileSync(fromRoot(file), 'utf8'), file).toMatch(/TaskRunStatus/);
  });

  const cases = Object.entries(PLACES).flatMap(([place, { states }]) => (['en', 'ko'] as const).flatMap((language) => states.map((state) => [place, language, state] as const)));
  it.each(cases)('%s in %s says %s in its one word', async (place, language, state) => {
    expect(await PLACES[place as keyof typeof PLACES].words(state, language)).toEqual([WORDS[language][state]]);
  });
});

describe('how long a failed-at-once run took', () => {
  const failedAtOnce = { en: tasksEn.duration.failedAtOnce, ko: tasksKo.duration.failedAtOnce } as const;
  const failed: Task = { ...TASK, status: 'ERROR', startedAt: '2026-11-18T06:00:00.000Z', finishedAt: '2026-11-18T06:00:00.000Z' };

  it.each(['en', 'ko'] as const)('reads "failed at once", never "0 s", in the attempts table, the run and the response metadata (%s)', async (language) => {
    const attempt = { attempt: 1, startedAt: failed.startedAt!, finishedAt: failed.finishedAt!, durationMs: 0, outcome: 'ERROR' as const };
    renderIn(language, inRecord({ ...failed, attempts: [attempt] }, <TaskAttemptsField />));
    const table = await screen.findByTestId('task-attempts');
    expect(table.querySelectorAll('tbody td')[2].textContent).toBe(failedAtOnce[language]);
    cleanup();
    renderIn(language, inRecord(failed, <TaskDuration />));
    expect(await screen.findByText(failedAtOnce[language])).toBeInTheDocument();
    cleanup();
    renderIn(language, inRecord({ ...failed, responseMeta: { durationMs: 0 } }, <ResponseMetaField />));
    expect(await screen.findByText(failedAtOnce[language])).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\b0 ?(s|ms|초)\b/);
  });

  it('still says how long a quick successful run took', async () => {
    renderIn('en', inRecord({ ...TASK, finishedAt: '2026-11-18T06:00:00.400Z', startedAt: '2026-11-18T06:00:00.000Z' }, <TaskDuration />));
    expect(await screen.findByText(tasksEn.duration.underSecond)).toBeInTheDocument();
  });
});
