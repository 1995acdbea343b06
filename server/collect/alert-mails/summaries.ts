import type { TaskErrorId } from '../../../src/shared';

/** What each task error means, as the end of a sentence an alert recipient can act on. */
const FAILURE_REASONS: Record<TaskErrorId, string> = {
  SOURCE_TIMEOUT: 'the source did not answer in time',
  SOURCE_HTTP_ERROR: 'the source answered with an error',
  SOURCE_MALFORMED: "the source's answer could not be read",
  SOURCE_MISSING_COLUMNS: "the source's answer lacks columns the field mapping needs",
  SOURCE_NOT_FOUND: 'the source file was not found',
  MASTER_VALIDATION: 'collected rows did not pass the master data checks',
  TARGET_AUTH: 'the target refused the sign-in',
  TARGET_ERROR: 'the target refused the data',
  LEASE_LOST: 'the server running it stopped before it finished',
  INTERNAL: 'an unexpected error stopped it',
};

/** One sentence saying what failed and why: `Collecting "Media spend" failed: the source did not answer in time.` */
export function failureSummary(kind: 'COLLECT' | 'POST', metricName: string, errorId: TaskErrorId): string {
  const what = kind === 'POST' ? 'Posting' : 'Collecting';
  return `${what} "${metricName}" failed: ${FAILURE_REASONS[errorId]}.`;
}
