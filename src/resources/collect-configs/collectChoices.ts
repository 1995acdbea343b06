import { SOURCE_HTTP_METHODS, MASTER_FIELD_TYPES, PAGINATION_TYPES, RESPONSE_FORMATS, SCHEDULE_TYPES, SOURCE_TYPES, WEEK_DAYS } from '../../shared';
import { codeChoices } from '../../components/codeChoices';

/** Choices of the collect metric form and filters, in words from the code table. */
export const sourceTypeChoices = codeChoices('sourceType', SOURCE_TYPES);
export const httpMethodChoices = codeChoices('httpMethod', SOURCE_HTTP_METHODS);
export const responseFormatChoices = codeChoices('responseFormat', RESPONSE_FORMATS);
export const paginationTypeChoices = codeChoices('paginationType', PAGINATION_TYPES);
export const fieldTypeChoices = codeChoices('masterFieldType', MASTER_FIELD_TYPES);
export const scheduleTypeChoices = codeChoices('scheduleType', SCHEDULE_TYPES);
export const weekDayChoices = codeChoices('weekDay', WEEK_DAYS);
