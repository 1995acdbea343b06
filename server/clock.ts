/** The server's notion of "now", injectable so tests can move time (OTP expiry, lockout, terms). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

export function isoAfter(clock: Clock, milliseconds: number): string {
  return new Date(clock.now().getTime() + milliseconds).toISOString();
}

/** The moment `days` days before now: where a retention of `days` lets rows go. */
export function isoDaysAgo(clock: Clock, days: number): string {
  return isoAfter(clock, -days * 86_400_000);
}
