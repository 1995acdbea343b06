import { z } from 'zod';
import { msg } from './validation-messages';
import { DAY_PATTERN, isCalendarDay } from './calendar-day';
import type { ValidationMessageKey } from './validation-messages';
import type { CodeSet } from './code-sets';

/*
 * The generic field rules every resource's schemas share — a yes/no flag, a calendar day, a code,
 * a relative path — declared once here, never in a feature file. Not re-exported from index.ts:
 * the names are generic.
 */

/** A yes/no flag as the database and the API carry it. */
export const YES_NO = ['Y', 'N'] as const;
export type YesNo = (typeof YES_NO)[number];
export const yesNo = z.enum(YES_NO);
/** A Y/N flag that says whether a record is in use: read as Active / Inactive, where another flag reads Yes / No. */
export const activeFlag = z.enum(YES_NO);

/**
 * Schemas whose codes alone do not tell which code table words them (both flags above are Y/N): an
 * export writes such a field in the words the screen shows it in.
 */
export const wordedAs = z.registry<{ codeSet: CodeSet }>();
wordedAs.add(activeFlag, { codeSet: 'activeFlag' });

/** A code chosen from a code table (`required` says to choose one), stored upper-case. */
export const code = (required: ValidationMessageKey) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(20)
    .transform((value) => value.toUpperCase());

/** A code that may be left out: empty is null, anything else as `code` stores it. */
export const optionalCode = z
  .string()
  .trim()
  .max(20)
  .transform((value) => value.toUpperCase() || null)
  .nullish();

/** A calendar day as YYYY-MM-DD. */
export const day = z.string().regex(DAY_PATTERN, msg.dateFormat).refine(isCalendarDay, msg.notRealDate);

/** A relative path below a base folder: no absolute paths, no `..`. */
export const relativePath = (messages: { required: ValidationMessageKey; outside: ValidationMessageKey }) =>
  z
    .string()
    .trim()
    .min(1, messages.required)
    .max(300)
    .refine((value) => !value.startsWith('/') && !value.split(/[\\/]/).includes('..') && !/^[A-Za-z]:/.test(value), messages.outside);
