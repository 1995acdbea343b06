import { describe, expect, it } from 'vitest';
import { exportColumns } from '../../server/http/export-cells';
import { declarations } from '../../server/http/resource-declarations';
import { translatorFor } from '../../server/modules/activity/words';
import { failureSummary } from '../../server/collect/alert-mails/summaries';
import { serverTextFor } from '../../server/http/reader-language';
import { codeValue, sentence } from '../../src/i18n/serverMessage';
import { tasksEn } from '../../src/i18n/resources/tasks.en';
import { tasksKo } from '../../src/i18n/resources/tasks.ko';
import { activityCodeWords } from '../../src/shared/activity';
import { codeMessageKey } from '../../src/shared/code-sets';
import { TASK_STATUSES } from '../../src/shared/collect-constants';
import { TASK_STATES, taskStateOf, type TaskState } from '../../src/shared/task-states';
import { SCREEN_PLACES, SERVER_PLACES, statePlaces } from './task-state-places';

/**
 * One word per task or process state: every place that says a state, on the server (exports, alert
 * mails, the activity log, the code table behind filters) and on screens
 * (tests/unit/task-state-screens.spec.tsx), says the word of src/i18n/resources/tasks.<lang>.ts.
 */
const WORDS = { en: tasksEn.statuses, ko: tasksKo.statuses } as const;
const LANGUAGES = ['en', 'ko'] as const;
const HANGUL = /[\uAC00-\uD7A3]/;
const RETRY_AT = '2026-11-18T23:59:00.000Z';

/** A task row in each state: RETRYING is PENDING with a time it runs again. */
const taskRow = (state: Exclude<TaskState, 'SUSPENDED'>) => ({ status: state === 'RETRYING' ? 'PENDING' : state, retryAt: state === 'RETRYING' ? RETRY_AT : null });
const TASK_ROW_STATES = TASK_STATES.filter((state): state is Exclude<TaskState, 'SUSPENDED'> => state !== 'SUSPENDED');

describe('the words of task and process states', () => {
  it('are found by scanning the source: every place is one of the screen or server places below', () => {
    expect([...statePlaces()].sort()).toEqual([...SCREEN_PLACES, ...SERVER_PLACES].sort());
  });

  it('give every state one word in each language, Korean in Hangul, no two states the same word', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(WORDS[language]).sort()).toEqual([...TASK_STATES].sort());
      expect(new Set(Object.values(WORDS[language])).size).toBe(TASK_STATES.length);
    }
    for (const state of TASK_STATES) expect(WORDS.ko[state], state).toMatch(HANGUL);
  });

  it('tell a task waiting after a failed attempt apart from one that never ran', () => {
    expect(taskStateOf({ status: 'PENDING', retryAt: RETRY_AT })).toBe('RETRYING');
    expect(taskStateOf({ status: 'PENDING', retryAt: null })).toBe('PENDING');
    expect(taskStateOf({ status: 'SUSPENDED' })).toBe('SUSPENDED');
    for (const status of TASK_STATUSES) expect(taskStateOf({ status })).toBe(status);
  });

  describe.each(LANGUAGES)('in %s', (language) => {
    const t = translatorFor(language);
    const tasks = declarations.find((declaration) => declaration.name === 'tasks')!;
    const configs = declarations.find((declaration) => declaration.name === 'collect-configs')!;

    it.each(TASK_ROW_STATES)('a task list export (CSV and XLSX share the cells) says %s in its word', (state) => {
      const [words, code] = exportColumns(tasks, ['status'], t, 'UTC');
      expect(words.cell(taskRow(state))).toBe(WORDS[language][state]);
      // The code column beside it keeps the stored status, for an importer.
      expect(code.cell(taskRow(state))).toBe(taskRow(state).status);
    });

    it.each(TASK_ROW_STATES)("a collect metric export says its last task's state %s in its word", (state) => {
      const [words] = exportColumns(configs, ['lastTaskStatus'], t, 'UTC');
      const row = taskRow(state);
      expect(words.cell({ lastTaskStatus: row.status, lastTaskRetryAt: row.retryAt })).toBe(WORDS[language][state]);
    });

    it('an alert mail says a failed task in the word of the failed state', () => {
      for (const kind of ['COLLECT', 'POST'] as const) {
        const summary = failureSummary(kind, 'Spend', 'SOURCE_HTTP_ERROR')[language];
        expect(summary).toContain(` ${WORDS[language].ERROR.toLocaleLowerCase(language)}: `);
        expect(summary).toContain(language === 'en' ? tasksEn.failures.SOURCE_HTTP_ERROR.reason : tasksKo.failures.SOURCE_HTTP_ERROR.reason);
        // One language per reader: past the metric's own name, a Korean summary holds no English.
        if (language === 'ko') expect(summary.replace('"Spend"', '')).not.toMatch(/[A-Za-z]/);
      }
    });

    it.each(TASK_STATUSES)('a retry refused (server/collect/tasks) says the task’s status %s in its word', (status) => {
      // The route's own sentence, as it words the status it found.
      const refusal = serverTextFor(sentence('collect.onlyAFailedTaskCan', { status: codeValue('taskStatus', status) }), language);
      expect(refusal).toContain(WORDS[language][status]);
      expect(refusal).not.toContain(status);
    });

    it.each(TASK_STATUSES)('the activity log and the list filters (the taskStatus code table) say %s in its word', (status) => {
      expect(activityCodeWords('collect-configs', 'lastTaskStatus', status, t)).toBe(WORDS[language][status]);
      expect(activityCodeWords('tasks', 'status', status, t)).toBe(WORDS[language][status]);
      expect(t(codeMessageKey('taskStatus', status))).toBe(WORDS[language][status]);
    });
  });
});
