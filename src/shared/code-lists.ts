import { ACCESS_EVENT_TYPES } from './access-history';
import type { CodeSet, CodeSets } from './code-sets';
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
} from './collect-constants';
import { DATASET_COLUMN_TYPES, MASTER_FIELD_TYPES } from './datasets';
import { emailTemplateTypes, MAIL_LANGUAGES } from './email-templates';
import { EXPLORER_COLUMN_TYPES, EXPLORER_SCHEMAS } from './explorer';
import { YES_NO } from './fields';
import { CONDITION_OPERATORS, DASHBOARD_TYPES, DATA_SOURCES, KEYWORD_MODES, PROJECT_DATA_TYPES, PROJECT_STATUSES, SHARE_PRIVILEGES } from './project-kinds';
import { PROPERTY_KINDS } from './property-kinds';
import { TERM_TYPES, TERM_VERSION_STATUSES } from './terms';
import { UPLOAD_MODES, UPLOAD_STATUSES } from './upload-rules';
import { ACCOUNT_LEVELS, ACCOUNT_STATUSES, APPROVAL_STATUSES } from './users';

/**
 * Every code of every code set, at run time, for the checks that walk them (the catalogues' words,
 * the every-screen survey's raw codes). Typed by CodeSets, so a set added to the table without its
 * codes here, or a code list that no longer matches its set, fails the typecheck. Kept apart from
 * code-sets.ts, whose screens must not pull zod in.
 */
export const CODE_LISTS: { [S in CodeSet]: readonly CodeSets[S][] } = {
  projectStatus: PROJECT_STATUSES,
  projectDataType: PROJECT_DATA_TYPES,
  dataSource: DATA_SOURCES,
  dashboardType: DASHBOARD_TYPES,
  conditionOperator: CONDITION_OPERATORS,
  keywordMode: KEYWORD_MODES,
  sharePrivilege: SHARE_PRIVILEGES,
  yesNo: YES_NO,
  activeFlag: YES_NO,
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
  accountLevel: ACCOUNT_LEVELS,
  termType: TERM_TYPES,
  termVersionStatus: TERM_VERSION_STATUSES,
  uploadStatus: UPLOAD_STATUSES,
  uploadMode: UPLOAD_MODES,
  emailTemplateType: emailTemplateTypes,
  mailLanguage: MAIL_LANGUAGES,
  accessEvent: ACCESS_EVENT_TYPES,
  propertyKind: PROPERTY_KINDS,
};
