import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../date-time';
import { nextRunAfter, waitParts, type ScheduleTiming } from './next-run';

const newYork = (overrides: Partial<ScheduleTiming> = {}): ScheduleTiming => ({ scheduleType: 'DAILY', scheduledTime: '09:00', timeZone: 'America/New_York', startAt: '2026-01-01', ...overrides });
const next = (schedule: ScheduleTiming, after: string) => nextRunAfter(schedule, new Date(after))?.toISOString() ?? null;

describe('the next run, as the scheduler and the form compute it', () => {
  it('keeps 09:00 New York time across the March spring-forward (14:00Z before, 13:00Z after)', () => {
    expect(next(newYork(), '2026-03-07T15:00:00Z')).toBe('2026-03-08T13:00:00.000Z');
    expect(next(newYork(), '2026-03-07T12:00:00Z')).toBe('2026-03-07T14:00:00.000Z');
    expect(formatDateTime(new Date('2026-03-08T13:00:00Z'), 'America/New_York')).toBe('2026-03-08 09:00');
  });

  it('keeps 09:00 New York time across the November fall-back (13:00Z before, 14:00Z after)', () => {
    expect(next(newYork(), '2026-10-31T14:00:00Z')).toBe('2026-11-01T14:00:00.000Z');
    expect(next(newYork(), '2026-10-31T12:00:00Z')).toBe('2026-10-31T13:00:00.000Z');
  });

  it('runs a time the spring-forward skips (02:30 on 8 March) at the end of the gap, and once on the repeated hour in November', () => {
    expect(next(newYork({ scheduledTime: '02:30' }), '2026-03-08T05:00:00Z')).toBe('2026-03-08T07:00:00.000Z');
    // 01:30 happens twice on 1 November; one run, then the next day's.
    const first = next(newYork({ scheduledTime: '01:30' }), '2026-11-01T04:00:00Z')!;
    expect(first).toBe('2026-11-01T05:30:00.000Z');
    expect(next(newYork({ scheduledTime: '01:30' }), first)).toBe('2026-11-02T06:30:00.000Z');
  });

  it('HOURLY reads the minute only; WEEKLY its day; nothing after the end day; nothing before the start day', () => {
    expect(next(newYork({ scheduleType: 'HOURLY', scheduledTime: '00:15' }), '2026-03-08T06:20:00Z')).toBe('2026-03-08T07:15:00.000Z');
    expect(next(newYork({ scheduleType: 'WEEKLY', scheduledDay: 'TUE' }), '2026-11-25T00:00:00Z')).toBe('2026-12-01T14:00:00.000Z');
    expect(next(newYork({ endAt: '2026-11-24' }), '2026-11-24T15:00:00Z')).toBeNull();
    expect(next(newYork({ startAt: '2026-12-24' }), '2026-11-24T15:00:00Z')).toBe('2026-12-24T14:00:00.000Z');
  });

  it('splits a wait into days, hours and minutes, rounded down', () => {
    expect(waitParts((3 * 60 + 12) * 60_000 + 59_000)).toEqual({ days: 0, hours: 3, minutes: 12 });
    expect(waitParts(26 * 3_600_000)).toEqual({ days: 1, hours: 2, minutes: 0 });
    expect(waitParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
