import { describe, expect, it } from 'vitest';
import { enFrame } from '../../src/i18n/en';
import { ko } from '../../src/i18n/ko';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { ACCESS_EVENT_TYPES } from '../../src/shared/access-history';
import { CODE_MESSAGES, codeMessageKey, type CodeSet, type CodeSets } from '../../src/shared/code-sets';
import {
  PAGINATION_TYPES,
  PROCESS_TYPES,
  RESPONSE_FORMATS,
  SCHEDULE_TYPES,
  SOURCE_HTTP_METHODS,
  SOURCE_TYPES,
  TARGET_METHODS,
  TASK_ERROR_IDS,
  TASK_KINDS,
  TASK_SCHEDULE_TYPES,
  TASK_STATUSES,
  WEEK_DAYS,
} from '../../src/shared/collect-constants';
import { DATASET_COLUMN_TYPES, MASTER_FIELD_TYPES } from '../../src/shared/datasets';
import { emailTemplateTypes } from '../../src/shared/email-templates';
import { EXPLORER_COLUMN_TYPES, EXPLORER_SCHEMAS } from '../../src/shared/explorer';
import { YES_NO } from '../../src/shared/fields';
import { CONDITION_OPERATORS, DASHBOARD_TYPES, DATA_SOURCES, KEYWORD_MODES, PROJECT_DATA_TYPES, PROJECT_STATUSES, SHARE_PRIVILEGES } from '../../src/shared/project-kinds';
import { TERM_TYPES } from '../../src/shared/terms';
import { ACCOUNT_STATUSES, APPROVAL_STATUSES } from '../../src/shared/users';

/**
 * Every code of every code set, at run time: typed by CodeSets, so a set added to the table
 * without its codes here, or a code list that no longer matches the set, fails the typecheck.
 */
const CODES: { [S in CodeSet]: readonly CodeSets[S][] } = {
  projectStatus: PROJECT_STATUSES,
  projectDataType: PROJECT_DATA_TYPES,
  dataSource: DATA_SOURCES,
  dashboardType: DASHBOARD_TYPES,
  conditionOperator: CONDITION_OPERATORS,
  keywordMode: KEYWORD_MODES,
  sharePrivilege: SHARE_PRIVILEGES,
  yesNo: YES_NO,
  sourceType: SOURCE_TYPES,
  httpMethod: SOURCE_HTTP_METHODS,
  responseFormat: RESPONSE_FORMATS,
  paginationType: PAGINATION_TYPES,
  masterFieldType: MASTER_FIELD_TYPES,
  scheduleType: SCHEDULE_TYPES,
  weekDay: WEEK_DAYS,
  targetMethod: TARGET_METHODS,
  taskKind: TASK_KINDS,
  taskStatus: TASK_STATUSES,
  taskScheduleType: TASK_SCHEDULE_TYPES,
  processType: PROCESS_TYPES,
  taskError: TASK_ERROR_IDS,
  datasetColumnType: DATASET_COLUMN_TYPES,
  explorerColumnType: EXPLORER_COLUMN_TYPES,
  explorerSchema: EXPLORER_SCHEMAS,
  approvalStatus: APPROVAL_STATUSES,
  accountStatus: ACCOUNT_STATUSES,
  termType: TERM_TYPES,
  emailTemplateType: emailTemplateTypes,
  accessEvent: ACCESS_EVENT_TYPES,
};

const catalogues = { en: { ...enFrame, resources: resourcesEn }, ko } as const;

/** The text at a dotted key, as polyglot reads it. */
function messageAt(catalogue: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

const everyCode = (Object.keys(CODE_MESSAGES) as CodeSet[]).flatMap((set) => (CODES[set] as readonly string[]).map((code) => ({ set, code })));

describe('the code table', () => {
  it('covers many codes', () => {
    expect(everyCode.length).toBeGreaterThan(80);
  });

  it.each(['en', 'ko'] as const)('gives every code of every set its words in %s', (language) => {
    const missing = everyCode.filter(({ set, code }) => typeof messageAt(catalogues[language], codeMessageKey(set, code)) !== 'string').map(({ set, code }) => `${set}.${code}`);
    expect(missing).toEqual([]);
  });

  it('shows no set as its bare code in English (words, not the code again)', () => {
    const bare = everyCode.filter(({ set, code }) => code.length > 3 && messageAt(catalogues.en, codeMessageKey(set, code)) === code);
    expect(bare.map(({ set, code }) => `${set}.${code}`)).toEqual([]);
  });
});
