/**
 * The one way a time is written for a person: YYYY-MM-DD HH:mm on a 24-hour
 * clock, in the reader's time zone, the same in every language. Screens call it with the
 * browser's zone (src/components/ConsoleDateField.tsx); mails and exports with the recipient's
 * (server/http/time-zone.ts), naming the zone, because a mail or a file is read away from the
 * screen that would otherwise say whose clock it is.
 */

/** A day with no time ("2026-12-05") names that calendar day everywhere; reading it as a UTC instant would shift it west of Greenwich. */
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A wall-clock time with no zone (what a datetime-local input gives): already the reader's own. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;

export const UTC = 'UTC';

/** Formatters are costly to build and a table writes hundreds of times: one per zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the IANA time zone (the same check in the browser and the server). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The server process's environment (the same object for the process's life); undefined in the browser. */
const serverEnvironment = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;

/** The server's zone as last read, and the TZ it was read under; the browser has no process and reads its zone each time. */
let serverZone: { tz: string | undefined; zone: string } | undefined;

/**
 * The zone this runtime's clock reads in: the browser's own, or the server process's (TZ). On the
 * server it is kept until TZ changes: building a DateTimeFormat to ask was a fifth of the time of a
 * list call made without the X-Time-Zone header, and the server asks on every such request.
 */
export function runtimeTimeZone(): string {
  if (!serverEnvironment) return Intl.DateTimeFormat().resolvedOptions().timeZone || UTC;
  const tz = serverEnvironment.TZ;
  if (!serverZone || serverZone.tz !== tz) serverZone = { tz, zone: Intl.DateTimeFormat().resolvedOptions().timeZone || UTC };
  return serverZone.zone;
}

function instantOf(value: unknown): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const at = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

/**
 * An instant (ISO text, epoch milliseconds or Date) as YYYY-MM-DD HH:mm in `timeZone`. A plain day
 * stays that day and a zone-less local time stays as typed. '' for a missing or unreadable value.
 */
export function formatDateTime(value: unknown, timeZone: string): string {
  if (typeof value === 'string') {
    if (PLAIN_DAY.test(value)) return value;
    const local = LOCAL_DATE_TIME.exec(value);
    if (local) return `${local[1]} ${local[2]}`;
  }
  const at = instantOf(value);
  if (!at) return '';
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The calendar day of an instant in `timeZone`, as YYYY-MM-DD; a plain day stays that day. '' for a missing or unreadable value. */
export function formatDate(value: unknown, timeZone: string): string {
  return formatDateTime(value, timeZone).slice(0, 10);
}

/** The ISO instant the API takes for a time typed or picked on a screen; never for a person to read. */
export function toIsoInstant(value: string | number | Date): string {
  return new Date(value).toISOString();
}

/** YYYY-MM-DD HH:mm followed by the zone's name, for what is read away from the console (mails, exports). */
export function formatZonedDateTime(value: unknown, timeZone: string): string {
  const text = formatDateTime(value, timeZone);
  return text && `${text} (${timeZone})`;
}
