import { z } from 'zod';
import { DAY_PATTERN, isCalendarDay } from './calendar-day';

/*
 * The generic field rules every resource's schemas share — a yes/no flag, a calendar day, a code,
 * a relative path — declared once here, never in a feature file. Not re-exported from index.ts:
 * the names are generic.
 */

/** A yes/no flag as the database and the API carry it. */
export const YES_NO = ['Y', 'N'] as const;
export type YesNo = (typeof YES_NO)[number];
export const yesNo = z.enum(YES_NO);

/** A code chosen from a code table (`label` names the field in the message), stored upper-case. */
export const code = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Choose ${label}.`)
    .max(20)
    .transform((value) => value.toUpperCase());

/** A calendar day as YYYY-MM-DD. */
export const day = z.string().regex(DAY_PATTERN, 'Use a date as YYYY-MM-DD.').refine(isCalendarDay, 'Not a real date.');

/** A relative path below a base folder: no absolute paths, no `..`. */
export const relativePath = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(300)
    .refine((value) => !value.startsWith('/') && !value.split(/[\\/]/).includes('..') && !/^[A-Za-z]:/.test(value), `The ${label} must stay inside the data folder (no leading / and no ..).`);
