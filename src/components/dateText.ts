import { isCalendarDay } from '../shared';
import { formatConsoleDate } from './ConsoleDateField';

/** The one date format a person types and reads, in every language. */
export const DATE_PATTERN_TEXT = 'YYYY-MM-DD';
export const DATE_TIME_PATTERN_TEXT = 'YYYY-MM-DD HH:mm';

/** Digits per part (year, month, day, hour, minute) and the character typed before each part. */
const PARTS = [
  { digits: 4, before: '' },
  { digits: 2, before: '-' },
  { digits: 2, before: '-' },
  { digits: 2, before: ' ' },
  { digits: 2, before: ':' },
];

const partsOf = (withTime: boolean) => (withTime ? PARTS : PARTS.slice(0, 3));

/** How many digits a complete entry has: 8 for a day, 12 with a time. */
export const digitCount = (withTime: boolean) => partsOf(withTime).reduce((sum, part) => sum + part.digits, 0);

/**
 * Lays typed digits into YYYY-MM-DD (HH:mm): separators are written for the person, and only once
 * the next part has begun, so a backspace after "2026-12" removes a digit, not an invisible dash.
 * Anything that is not a digit is dropped, so "2026/12/05" and "20261205" both read as 2026-12-05.
 */
export function maskDateText(digits: string, withTime: boolean): string {
  const kept = digits.replace(/\D/g, '').slice(0, digitCount(withTime));
  let text = '';
  let at = 0;
  for (const part of partsOf(withTime)) {
    if (at >= kept.length) break;
    text += part.before + kept.slice(at, at + part.digits);
    at += part.digits;
  }
  return text;
}

/** Where the caret belongs in a masked text: just after its `digitsBefore`-th digit. */
export function caretAfterDigits(text: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/\d/.test(text[index])) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return text.length;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The value a typed text stands for: a day as 'YYYY-MM-DD', a day and time as the local
 * 'YYYY-MM-DDTHH:mm' (what a datetime-local input gives), null for an empty text, and undefined
 * for anything else (half typed, or a day that does not exist such as 2026-02-30).
 */
export function parseDateText(text: string, withTime: boolean): string | null | undefined {
  if (text === '') return null;
  const [day, time, ...rest] = text.split(' ');
  if (!isCalendarDay(day) || rest.length > 0) return undefined;
  if (!withTime) return time === undefined ? day : undefined;
  return time !== undefined && TIME.test(time) ? `${day}T${time}` : undefined;
}

/** The text shown for a stored value: a day, a local 'YYYY-MM-DDTHH:mm', or an ISO instant. */
export const dateTextOf = (value: unknown, withTime: boolean) => formatConsoleDate(value, withTime);
