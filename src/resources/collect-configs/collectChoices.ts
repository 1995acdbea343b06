import { SOURCE_HTTP_METHODS, MASTER_FIELD_TYPES, PAGINATION_TYPES, RESPONSE_FORMATS, SCHEDULE_TYPES, SOURCE_TYPES, WEEK_DAYS } from '../../shared';

const translated = (codes: readonly string[], group: string) => codes.map((code) => ({ id: code, name: `resources.collect-configs.choices.${group}.${code}` }));
/** Protocol names read the same in every language. */
const verbatim = (codes: readonly string[]) => codes.map((code) => ({ id: code, name: code }));

export const sourceTypeChoices = translated(SOURCE_TYPES, 'sourceType');
export const httpMethodChoices = verbatim(SOURCE_HTTP_METHODS);
export const responseFormatChoices = verbatim(RESPONSE_FORMATS);
export const paginationTypeChoices = translated(PAGINATION_TYPES, 'pagination');
export const fieldTypeChoices = translated(MASTER_FIELD_TYPES, 'fieldType');
export const scheduleTypeChoices = translated(SCHEDULE_TYPES, 'scheduleType');
export const weekDayChoices = translated(WEEK_DAYS, 'weekDay');
