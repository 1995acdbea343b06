import type { core } from 'zod';

/*
 * Every validation message of the shared schemas, and of the server's own field checks, is a key of
 * this table — never English. The words live in the catalogue (src/i18n/schema.en.ts, schema.ko.ts,
 * typed by these keys), so a form shows the reader's language, a 400 answer carries the key with its
 * params (FieldError), and a new message cannot reach a screen without words. A schema names a
 * message as `msg.<key>`: a typo is a type error, and tests/unit/validation-messages.spec.ts refuses
 * a literal message in src/shared.
 */
const KEYS = [
  // The kinds of zod's own issues (a check with no message of its own), named by issue code.
  'required',
  'number',
  'tooShort',
  'tooLong',
  'tooFew',
  'tooMany',
  'tooLow',
  'tooHigh',
  'format',
  'choice',
  'unknownField',
  'invalid',
  // The server's own request parameters: a list's JSON parameters given twice, an id too large, a search too short.
  'sortGivenOnce',
  'rangeGivenOnce',
  'filterGivenOnce',
  'afterGivenOnce',
  'idTooLarge',
  'shareSearchTooShort',
  // Sign-in and password formats.
  'emailInvalid',
  'passwordInvalid',
  'otpInvalid',
  'passwordUnchanged',
  // Generic fields.
  'dateExample',
  'dateFormat',
  'notRealDate',
  'timeFormat',
  'endBeforeStart',
  'rangeEndBeforeStart',
  'atMostCharacters',
  'atMostFilters',
  'lettersDigitsUnderscores',
  'httpUrl',
  'noNulCharacter',
  'fileId',
  'tableId',
  'filterTooLong',
  'wholeDays',
  'advertiserRequired',
  'countryRequired',
  // Alert mails.
  'procedureRequired',
  'procedureTooLong',
  'procedureFormat',
  'errorIdRequired',
  'errorIdTooLong',
  'errorIdFormat',
  'subtitleRequired',
  'subtitleTooLong',
  'contentRequired',
  'contentTooLong',
  // Collect configs and tasks.
  'headerNameRequired',
  'headerNameInvalid',
  'sourceFieldRequired',
  'masterFieldRequired',
  'weeklyDay',
  'unknownTimeZone',
  'metricNameRequired',
  'sourceLocationRequired',
  'sourceLocationOutside',
  'mapOneField',
  'apiSourceUrl',
  'pageParameterRequired',
  'cursorParameterRequired',
  'nextCursorRequired',
  'secretHeaderRequired',
  'mappedTwice',
  'backfillDays',
  'keepAtLeast',
  'keepAtMost',
  'retentionKind',
  // Datasets.
  'columnNameRequired',
  'columnNameFormat',
  'columnType',
  'titleRequired',
  'dataTypeRequired',
  'oneColumn',
  'atMostColumns',
  'usedTwice',
  'keyColumnRequired',
  'columnNotRemovable',
  'columnNotChangeable',
  'newColumnOptional',
  'schemaLocked',
  // Domains, mail templates.
  'domainFormat',
  'templateType',
  'titleEnter',
  'titleTooLong',
  'bodyRequired',
  'bodyTooLong',
  'atMostStatements',
  'placeholderUnknown',
  'placeholderNotClosed',
  'placeholderNotClosedBeforeNext',
  'placeholderNotOpened',
  // Market accounts, post configs.
  'hostTooLong',
  'atMostHosts',
  'bareHost',
  'platformRequired',
  'accountIdRequired',
  'nameEnter',
  'secretRequired',
  'secretAgain',
  'fieldCodeRequired',
  'targetTypeRequired',
  'targetLocationRequired',
  'oneHeader',
  'bucketFormat',
  'stageFormat',
  'listedTwice',
  'enterKey',
  'methodDoesNotUse',
  'targetFolder',
  'backupFolder',
  // Projects, properties, templates, uploads, users, terms, system logs.
  'projectDataSource',
  'uploadMode',
  'dashboardType',
  'shareLevel',
  'propertyCode',
  'nameRequired',
  'retentionDays',
  'fileTooLarge',
  'atMostPreviews',
  'previewOnce',
  'levelRequired',
  'rejectionReason',
  'termTypeInvalid',
  'termVersionInvalid',
  'effectiveAtInvalid',
  'effectiveAtPast',
  // A person's list settings (saved views, chosen columns).
  'preferenceKey',
  'preferenceTooLarge',
  'listStateFilters',
  'termContentRequired',
  'termContentTooLong',
  'endAfterStart',
  'templateRequired',
  'dashboardUrlRequired',
  'dashboardUrlInvalid',
  'dashboardUrlForeign',
  'retentionMin',
  'retentionMax',
] as const;

export type ValidationMessageKey = (typeof KEYS)[number];
export const VALIDATION_MESSAGE_KEYS: readonly ValidationMessageKey[] = KEYS;

/** The keys by name, for the schemas: `.min(1, msg.required)`. */
export const msg = Object.fromEntries(KEYS.map((key) => [key, key])) as { readonly [K in ValidationMessageKey]: K };

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && Object.hasOwn(msg, value);
}

/** The values a message's words name (`%{maximum}`, `%{name}`…). */
export type MessageParams = Record<string, string | number>;

/** A validation message as it travels: its key and the values its words name. */
export interface ValidationMessage {
  message: ValidationMessageKey;
  params?: MessageParams;
}

/** The kind of a zod issue whose check gave no message of its own, by issue code. */
function issueKind(issue: core.$ZodIssue): ValidationMessageKey {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : issue.expected === 'number' ? 'number' : 'invalid';
    case 'too_small':
      if (issue.origin === 'array' || issue.origin === 'set') return 'tooFew';
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'required' : 'tooShort';
      return 'tooLow';
    case 'too_big':
      if (issue.origin === 'array' || issue.origin === 'set') return 'tooMany';
      return issue.origin === 'string' ? 'tooLong' : 'tooHigh';
    case 'invalid_format':
      return 'format';
    case 'invalid_value':
    case 'invalid_union':
      return 'choice';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalid';
  }
}

/**
 * One zod issue as a message: the schema's own key, or the kind of problem when zod wrote the
 * message itself. A bound's value is `%{minimum}` / `%{maximum}` (not for a required text, min 1);
 * a custom issue adds its params.
 */
export function issueMessage(issue: core.$ZodIssue): ValidationMessage {
  const params: MessageParams = {};
  const required = issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1;
  if ('minimum' in issue && !required) params.minimum = Number(issue.minimum);
  if ('maximum' in issue) params.maximum = Number(issue.maximum);
  if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
  if (issue.code === 'unrecognized_keys') params.keys = issue.keys.join(', ');
  const message = isValidationMessageKey(issue.message) ? issue.message : issueKind(issue);
  return Object.keys(params).length ? { message, params } : { message };
}
