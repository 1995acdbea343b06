import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatZonedDateTime, isKnownTimeZone, runtimeTimeZone } from './date-time';

// The issue's own instant: the task log printed this while the same page said 09:58 in Seoul.
const AT = '2026-11-28T00:58:30.340Z';

describe('formatDateTime: YYYY-MM-DD HH:mm on a 24-hour clock in the reader’s zone', () => {
  it('writes one instant in each reader’s zone, crossing the day line where the zone does', () => {
    expect(formatDateTime(AT, 'Asia/Seoul')).toBe('2026-11-28 09:58');
    expect(formatDateTime(AT, 'UTC')).toBe('2026-11-28 00:58');
    expect(formatDateTime(AT, 'America/Los_Angeles')).toBe('2026-11-27 16:58');
  });

  it('never writes AM/PM, a T, seconds or a Z, at midnight and in the afternoon alike', () => {
    for (const value of ['2026-11-28T15:00:00Z', '2026-11-28T00:00:00Z', '2026-11-28T12:30:00Z']) {
      expect(formatDateTime(value, 'UTC')).toMatch(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/);
    }
    expect(formatDateTime('2026-11-28T00:00:00Z', 'UTC')).toBe('2026-11-28 00:00');
  });

  it('reads ISO text, epoch milliseconds and a Date alike', () => {
    const date = new Date(AT);
    expect(formatDateTime(date, 'Asia/Seoul')).toBe('2026-11-28 09:58');
    expect(formatDateTime(date.getTime(), 'Asia/Seoul')).toBe('2026-11-28 09:58');
  });

  it('keeps a plain day and a zone-less local time as they are: they are already the reader’s', () => {
    expect(formatDateTime('2026-12-05', 'America/Los_Angeles')).toBe('2026-12-05');
    expect(formatDateTime('2026-12-05T07:30', 'Asia/Seoul')).toBe('2026-12-05 07:30');
  });

  it('follows daylight saving time', () => {
    expect(formatDateTime('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('2026-07-01 14:00');
    expect(formatDateTime('2026-12-01T12:00:00Z', 'Europe/Berlin')).toBe('2026-12-01 13:00');
  });

  it('writes nothing for a missing or unreadable value', () => {
    for (const value of [null, undefined, '', 'soon', {}, Number.NaN]) expect(formatDateTime(value, 'UTC')).toBe('');
  });
});

describe('formatDate and formatZonedDateTime', () => {
  it('gives the reader’s calendar day', () => {
    expect(formatDate(AT, 'Asia/Seoul')).toBe('2026-11-28');
    expect(formatDate(AT, 'America/Los_Angeles')).toBe('2026-11-27');
    expect(formatDate('2026-12-05', 'Asia/Seoul')).toBe('2026-12-05');
  });

  it('names the zone for what is read away from the console (mails, exports)', () => {
    expect(formatZonedDateTime(AT, 'Asia/Seoul')).toBe('2026-11-28 09:58 (Asia/Seoul)');
    expect(formatZonedDateTime(null, 'Asia/Seoul')).toBe('');
  });
});

describe('time zones', () => {
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zoneBefore;
  });

  it('knows IANA zones and refuses anything else', () => {
    expect(isKnownTimeZone('Asia/Seoul')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    for (const zone of ['', 'Mars/Olympus', 'Asia/Seoul\nX', '+09:00x']) expect(isKnownTimeZone(zone)).toBe(false);
  });

  it('reads the runtime’s own zone at each call, so the browser’s (or TZ’s) zone is the default', () => {
    process.env.TZ = 'Asia/Seoul';
    expect(runtimeTimeZone()).toBe('Asia/Seoul');
    process.env.TZ = 'America/New_York';
    expect(runtimeTimeZone()).toBe('America/New_York');
    process.env.TZ = 'Asia/Seoul';
    expect(runtimeTimeZone()).toBe('Asia/Seoul');
    delete process.env.TZ;
    expect(runtimeTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  });

  it('asks the runtime for its zone once per TZ on the server, not on every call (every request without X-Time-Zone calls it)', () => {
    process.env.TZ = 'Europe/Berlin';
    runtimeTimeZone();
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let call = 0; call < 100; call++) expect(runtimeTimeZone()).toBe('Europe/Berlin');
      expect(built).not.toHaveBeenCalled();
      process.env.TZ = 'Asia/Seoul';
      expect(runtimeTimeZone()).toBe('Asia/Seoul');
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });
});
