/** The server's notion of "now", injectable so tests can move time (OTP expiry, lockout, terms). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The last millisecond written out, and its text. Writing a date out costs about a microsecond on
 * Node.js 26, several times in each save and once in every call's system-log row, while a busy
 * server asks for the same millisecond again and again.
 */
let lastMs = Number.NaN;
let lastText = '';

export function isoNow(clock: Clock): string {
  const now = clock.now();
  const ms = now.getTime();
  if (ms !== lastMs) {
    lastText = now.toISOString();
    lastMs = ms;
  }
  return lastText;
}

export function isoAfter(clock: Clock, milliseconds: number): string {
  return new Date(clock.now().getTime() + milliseconds).toISOString();
}

/** The moment `days` days before now: where a retention of `days` lets rows go. */
export function isoDaysAgo(clock: Clock, days: number): string {
  return isoAfter(clock, -days * 86_400_000);
}
