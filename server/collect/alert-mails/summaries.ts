import type { MailLanguage, TaskErrorId } from '../../../src/shared';

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

/** The same in Korean, 합니다체. */
const FAILURE_REASONS_KO: Record<TaskErrorId, string> = {
  SOURCE_TIMEOUT: '소스가 제시간에 응답하지 않았습니다',
  SOURCE_HTTP_ERROR: '소스가 오류로 응답했습니다',
  SOURCE_MALFORMED: '소스의 응답을 읽을 수 없습니다',
  SOURCE_MISSING_COLUMNS: '소스의 응답에 필드 매핑에 필요한 열이 없습니다',
  SOURCE_NOT_FOUND: '소스 파일을 찾을 수 없습니다',
  MASTER_VALIDATION: '수집한 행이 마스터 데이터 검사를 통과하지 못했습니다',
  TARGET_AUTH: '대상이 로그인을 거부했습니다',
  TARGET_ERROR: '대상이 데이터를 거부했습니다',
  LEASE_LOST: '실행하던 서버가 작업을 마치기 전에 멈췄습니다',
  INTERNAL: '예기치 않은 오류로 중단되었습니다',
};

/**
 * One sentence saying what failed and why, in each language:
 * `Collecting "Media spend" failed: the source did not answer in time.`
 */
export function failureSummary(kind: 'COLLECT' | 'POST', metricName: string, errorId: TaskErrorId): Record<MailLanguage, string> {
  const what = kind === 'POST' ? { en: 'Posting', ko: '전송' } : { en: 'Collecting', ko: '수집' };
  return {
    en: `${what.en} "${metricName}" failed: ${FAILURE_REASONS[errorId]}.`,
    ko: `"${metricName}" ${what.ko} 실패: ${FAILURE_REASONS_KO[errorId]}.`,
  };
}
