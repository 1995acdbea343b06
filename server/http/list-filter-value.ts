import { DB_INTEGER_MAX, DB_INTEGER_MIN, ISO_DATE_OR_TIME, LIST_BOUNDS, NO_NUL } from '../../src/shared';
import { validationError } from './app-error';
import type { ConditionKind } from '../db/list-page';

/**
 * What a filtered column holds. A value is checked against it before it is bound: PostgreSQL
 * answers 'abc', 1.5 or 1e30 for an integer column, and NUL in text, with an error, not a miss.
 */
export type ColumnType = 'integer' | 'text';

/** How a filter compares its column; `values` are the API's words for the column's values (a value not listed is a 400). */
export interface ConditionFilter {
  column: string;
  kind: ConditionKind;
  type: ColumnType;
  values?: Record<string, string | number>;
}

const refuse = (key: string, message: string) => validationError([{ field: `filter.${key}`, message: `${key} ${message}` }]);

/** A whole number in the column's range, given as a number or as digits (a route parameter arrives as text). */
function integerValue(value: unknown, key: string): number {
  const number = typeof value === 'string' && /^-?\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < DB_INTEGER_MIN || number > DB_INTEGER_MAX) {
    throw refuse(key, `must be a whole number between ${DB_INTEGER_MIN} and ${DB_INTEGER_MAX}.`);
  }
  return number;
}

/** Text of bounded length without NUL; a number is taken as its text (a code such as 10 typed without quotes). */
export function textValue(value: unknown, key: string): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || text.length > LIST_BOUNDS.maxText) throw refuse(key, `must be text of at most ${LIST_BOUNDS.maxText} characters.`);
  if (!NO_NUL.test(text)) throw refuse(key, 'must not contain a NUL character.');
  return text;
}

function oneValue(value: unknown, filter: ConditionFilter, key: string): number | string {
  if (filter.values) {
    if (typeof value === 'string' && Object.hasOwn(filter.values, value)) return filter.values[value];
    throw refuse(key, `must be one of ${Object.keys(filter.values).join(', ')}.`);
  }
  if (filter.type === 'integer') return integerValue(value, key);
  // Times are stored as ISO text, so a text bound is a day or a time, compared as text.
  if ((filter.kind === 'gte' || filter.kind === 'lte') && (typeof value !== 'string' || !ISO_DATE_OR_TIME.test(value))) {
    throw refuse(key, 'must be a date such as 2024-05-31, or an ISO time.');
  }
  return textValue(value, key);
}

/** The value a condition binds: one value of the column's type, or for `eq` a bounded list of them; never an object. */
export function conditionValue(value: unknown, filter: ConditionFilter, key: string): number | string | (number | string)[] {
  if (!Array.isArray(value)) return oneValue(value, filter, key);
  if (filter.kind !== 'eq') throw refuse(key, 'must be a single value.');
  if (value.length > LIST_BOUNDS.maxValues) throw refuse(key, `takes at most ${LIST_BOUNDS.maxValues} values.`);
  return value.map((item) => oneValue(item, filter, key));
}
