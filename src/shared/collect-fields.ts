import { z } from 'zod';
import { DAY_PATTERN, isCalendarDay } from './calendar-day';

/** Field schemas the collect resources share (not re-exported: the names are generic). */
export const flag = z.enum(['Y', 'N']);
export const code = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Choose ${label}.`)
    .max(20)
    .transform((value) => value.toUpperCase());
export const day = z.string().regex(DAY_PATTERN, 'Use a date as YYYY-MM-DD.').refine(isCalendarDay, 'Not a real date.');
/** A relative path below a base folder: no absolute paths, no `..`. */
export const relativePath = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(300)
    .refine((value) => !value.startsWith('/') && !value.split(/[\\/]/).includes('..') && !/^[A-Za-z]:/.test(value), `The ${label} must stay inside the data folder (no leading / and no ..).`);

/** True when the runtime knows the IANA time zone (the same check in the browser and the server). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone.length > 0;
  } catch {
    return false;
  }
}
