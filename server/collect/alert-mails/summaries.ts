import type { MailLanguage, TaskErrorId } from '../../../src/shared';
import { tasksEn } from '../../../src/i18n/resources/tasks.en';
import { tasksKo } from '../../../src/i18n/resources/tasks.ko';
import { inEnglish, sentence } from '../../../src/i18n/serverMessage';

/**
 * One sentence saying what failed and why, in each language, in the words the task page uses
 * (resources.tasks.failures): `Collecting "Media spend" failed: the source did not answer in time.`
 */
export function failureSummary(kind: 'COLLECT' | 'POST', metricName: string, errorId: TaskErrorId): Record<MailLanguage, string> {
  const what = kind === 'POST' ? { en: 'Posting', ko: '전송' } : { en: 'Collecting', ko: '수집' };
  return {
    en: inEnglish(sentence('collect.failed', { what: what.en, metricName, FAILURE_REASONS: tasksEn.failures[errorId].reason })),
    ko: `"${metricName}" ${what.ko} 실패: ${tasksKo.failures[errorId].reason}.`,
  };
}
