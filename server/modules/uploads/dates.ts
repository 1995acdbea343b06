const pad = (n: number) => String(n).padStart(2, '0');

function calendarDate(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? undefined : `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A date cell as YYYY-MM-DD, or undefined when it is not a real date. Accepted: YYYY-MM-DD,
 * YYYY/MM/DD, YYYY.MM.DD, YYYYMMDD, MM/DD/YYYY (US order, as spreadsheets export it), an ISO
 * timestamp (its date part), a month as YYYY-MM or YYYY/MM (its first day: monthly figures are
 * dated by their month) and Excel date cells (read as Date objects).
 */
export function normaliseDate(value: string | Date): string | undefined {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? undefined : calendarDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  // A file repeats a few hundred dates a million times: remember the answers, up to a bound.
  const known = recent.get(value);
  if (known !== undefined) return known || undefined;
  const date = parseDateText(value);
  if (recent.size >= RECENT_DATES) recent.clear();
  recent.set(value, date ?? '');
  return date;
}

/** Text → date answers already worked out ('' for not a date). */
const recent = new Map<string, string>();
const RECENT_DATES = 4096;

function parseDateText(value: string): string | undefined {
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (match) return calendarDate(+match[1], +match[2], +match[3]);
  match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (match) return calendarDate(+match[1], +match[2], +match[3]);
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (match) return calendarDate(+match[3], +match[1], +match[2]);
  // Not YYYY.MM: 2026.01 reads as a number.
  match = /^(\d{4})[-/](\d{1,2})$/.exec(value);
  if (match) return calendarDate(+match[1], +match[2], 1);
  return undefined;
}
