import type { MailLanguage, TaskErrorId } from '../../../src/shared';
import { taskStateWord } from '../../../src/shared/task-states';
import { tasksEn } from '../../../src/i18n/resources/tasks.en';
import { tasksKo } from '../../../src/i18n/resources/tasks.ko';
import { sentence } from '../../../src/i18n/serverMessage';
import { serverTextFor } from '../../http/reader-language';

/** The tasks label files by language: the state words and failure reasons the task page shows. */
const TASK_WORDS: Record<MailLanguage, typeof tasksEn> = { en: tasksEn, ko: tasksKo };

/** A key of the tasks label files in a language (`resources.tasks.statuses.ERROR`). */
const taskWord = (language: MailLanguage) => (key: string) =>
  String(
    key
      .replace(/^resources\.tasks\./, '')
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], TASK_WORDS[language]) ?? key,
  );

/**
 * One sentence saying what failed and why, in each language, in the words the task page uses: the
 * failed state's word (resources.tasks.statuses.ERROR, lower case inside an English sentence) and
 * its reason (resources.tasks.failures): `Collecting "Media spend" failed: the source did not answer in time.`
 */
export function failureSummary(kind: 'COLLECT' | 'POST', metricName: string, errorId: TaskErrorId): Record<MailLanguage, string> {
  const summary = (language: MailLanguage) =>
    serverTextFor(
      sentence(kind === 'POST' ? 'collect.postFailed' : 'collect.collectFailed', {
        metricName,
        state: taskStateWord('ERROR', taskWord(language)).toLocaleLowerCase(language),
        FAILURE_REASONS: TASK_WORDS[language].failures[errorId].reason,
      }),
      language,
    );
  return { en: summary('en'), ko: summary('ko') };
}
