// Type-only imports: screens that draw a code (the project list first of all) must not pull zod in.
import type { Translate } from './activity';
import type { ACCESS_EVENT_TYPES } from './access-history';
import type {
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
} from './collect-constants';
import type { DATASET_COLUMN_TYPES, MASTER_FIELD_TYPES } from './datasets';
import type { EmailTemplateType, MailLanguage } from './email-templates';
import type { EXPLORER_COLUMN_TYPES, EXPLORER_SCHEMAS } from './explorer';
import type { YES_NO } from './fields';
import type { CONDITION_OPERATORS, DASHBOARD_TYPES, DATA_SOURCES, KEYWORD_MODES, PROJECT_DATA_TYPES, PROJECT_STATUSES, SHARE_PRIVILEGES } from './project-kinds';
import type { PropertyKind } from './property-kinds';
import type { TERM_TYPES, TERM_VERSION_STATUSES } from './terms';
import type { UPLOAD_MODES, UPLOAD_STATUSES } from './upload-rules';
import type { ACCOUNT_LEVELS, ACCOUNT_STATUSES, APPROVAL_STATUSES } from './users';

/** The codes of each code set a person may read. */
export interface CodeSets {
  projectStatus: (typeof PROJECT_STATUSES)[number];
  projectDataType: (typeof PROJECT_DATA_TYPES)[number];
  dataSource: (typeof DATA_SOURCES)[number];
  dashboardType: (typeof DASHBOARD_TYPES)[number];
  conditionOperator: (typeof CONDITION_OPERATORS)[number];
  keywordMode: (typeof KEYWORD_MODES)[number];
  sharePrivilege: (typeof SHARE_PRIVILEGES)[number];
  yesNo: (typeof YES_NO)[number];
  activeFlag: (typeof YES_NO)[number];
  sourceType: (typeof SOURCE_TYPES)[number];
  httpMethod: (typeof SOURCE_HTTP_METHODS)[number];
  responseFormat: (typeof RESPONSE_FORMATS)[number];
  paginationType: (typeof PAGINATION_TYPES)[number];
  masterFieldType: (typeof MASTER_FIELD_TYPES)[number];
  scheduleType: (typeof SCHEDULE_TYPES)[number];
  weekDay: (typeof WEEK_DAYS)[number];
  targetMethod: (typeof TARGET_METHODS)[number];
  taskKind: (typeof TASK_KINDS)[number];
  taskStatus: (typeof TASK_STATUSES)[number];
  taskScheduleType: (typeof TASK_SCHEDULE_TYPES)[number];
  processType: (typeof PROCESS_TYPES)[number];
  taskError: (typeof TASK_ERROR_IDS)[number];
  datasetColumnType: (typeof DATASET_COLUMN_TYPES)[number];
  explorerColumnType: (typeof EXPLORER_COLUMN_TYPES)[number];
  explorerSchema: (typeof EXPLORER_SCHEMAS)[number];
  approvalStatus: (typeof APPROVAL_STATUSES)[number];
  accountStatus: (typeof ACCOUNT_STATUSES)[number];
  accountLevel: (typeof ACCOUNT_LEVELS)[number];
  termType: (typeof TERM_TYPES)[number];
  termVersionStatus: (typeof TERM_VERSION_STATUSES)[number];
  uploadStatus: (typeof UPLOAD_STATUSES)[number];
  uploadMode: (typeof UPLOAD_MODES)[number];
  emailTemplateType: EmailTemplateType;
  mailLanguage: MailLanguage;
  accessEvent: (typeof ACCESS_EVENT_TYPES)[number];
  propertyKind: PropertyKind;
}

export type CodeSet = keyof CodeSets;

/**
 * The one table of where a code's words live: `<prefix>.<code>`, in English and Korean. Lists,
 * forms, filters and chips draw a code through it only (CodeField, codeChoices), and
 * tests/unit/code-sets.spec.ts walks every code of every set against both catalogues. New sets
 * keep their words under `console.codes.<name>`; sets worded before the table keep their
 * resource's keys.
 */
export const CODE_MESSAGES = {
  projectStatus: 'resources.projects.status',
  projectDataType: 'console.codes.projectDataType',
  dataSource: 'console.codes.dataSource',
  dashboardType: 'console.codes.dashboardType',
  conditionOperator: 'resources.projects.operators',
  keywordMode: 'resources.projects.modes',
  sharePrivilege: 'resources.project-shares.privileges',
  yesNo: 'console.codes.yesNo',
  activeFlag: 'console.codes.activeFlag',
  sourceType: 'resources.collect-configs.choices.sourceType',
  httpMethod: 'console.codes.httpMethod',
  responseFormat: 'console.codes.responseFormat',
  paginationType: 'resources.collect-configs.choices.pagination',
  masterFieldType: 'resources.collect-configs.choices.fieldType',
  scheduleType: 'resources.collect-configs.choices.scheduleType',
  weekDay: 'resources.collect-configs.choices.weekDay',
  targetMethod: 'resources.post-configs.methods',
  taskKind: 'console.codes.taskKind',
  taskStatus: 'resources.tasks.statuses',
  taskScheduleType: 'resources.tasks.scheduleTypes',
  processType: 'resources.tasks.processTypes',
  taskError: 'console.codes.taskError',
  datasetColumnType: 'console.codes.columnType',
  explorerColumnType: 'console.codes.columnType',
  explorerSchema: 'resources.explorer.schemas',
  approvalStatus: 'resources.users.approval',
  accountStatus: 'resources.users.status',
  accountLevel: 'resources.users.levels',
  termType: 'resources.terms.types',
  termVersionStatus: 'resources.terms.status',
  uploadStatus: 'resources.uploads.status',
  uploadMode: 'resources.uploads.modeNames',
  emailTemplateType: 'resources.email-templates.types',
  mailLanguage: 'resources.email-templates.languages',
  accessEvent: 'resources.access-history.events',
  propertyKind: 'console.codes.propertyKind',
} as const satisfies Record<CodeSet, string>;

/** The message key of a code's words. */
export function codeMessageKey(set: CodeSet, code: string): string {
  return `${CODE_MESSAGES[set]}.${code}`;
}

/**
 * A code's words where they name one record's code (a cell, a change, a field): of words with a
 * form for one and for many ("Country |||| Countries", which a tab of them draws), the first,
 * whether the translate picks a form (the browser's) or not (the server's).
 */
export function codeWords(t: Translate, set: CodeSet, code: string): string {
  return t(codeMessageKey(set, code), { _: code, smart_count: 1 }).split('||||')[0]!.trim();
}

/** The words under `console.codes`, by name: codes.en.ts and codes.ko.ts are typed by it, so a code without words there fails the typecheck. */
type ConsoleWorded = { [S in CodeSet as (typeof CODE_MESSAGES)[S] extends `console.codes.${infer Name}` ? Name : never]: CodeSets[S] };
export type ConsoleCodeWords = { [Name in keyof ConsoleWorded]: Record<ConsoleWorded[Name], string> };
