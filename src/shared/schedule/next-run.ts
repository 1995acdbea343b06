import { Cron } from 'croner';
import { WEEK_DAYS, type ScheduleType, type WeekDay } from '../collect-constants';
import { formatDate } from '../date-time';

/**
 * The next-run computation of a collect schedule, one function for the scheduler (which creates
 * tasks from it) and the browser (which says in a sentence when the next run is).
 */
export interface ScheduleTiming {
  scheduleType: ScheduleType;
  /** HH:MM in the time zone; HOURLY uses the minutes only. */
  scheduledTime: string;
  scheduledDay?: WeekDay | null;
  timeZone: string;
  /** First and last calendar days (in the time zone) the schedule runs on. */
  startAt: string;
  endAt?: string | null;
}

const HOUR_MS = 3_600_000;

function cronPattern(schedule: ScheduleTiming): string {
  const [hour, minute] = schedule.scheduledTime.split(':').map(Number);
  switch (schedule.scheduleType) {
    case 'HOURLY':
      return `${minute} * * * *`;
    case 'WEEKLY':
      return `${minute} ${hour} * * ${(WEEK_DAYS.indexOf(schedule.scheduledDay as WeekDay) + 1) % 7}`;
    default:
      return `${minute} ${hour} * * *`;
  }
}

/**
 * The first due time strictly after `after`, within the schedule's start and end days (read in its
 * time zone); null when the schedule has ended. Wall-clock times follow the zone across DST
 * changes (croner), so a 09:00 daily run stays at 09:00 local time; a time the clocks skip runs at
 * the first minute after the gap.
 */
export function nextRunAfter(schedule: ScheduleTiming, after: Date): Date | null {
  const cron = new Cron(cronPattern(schedule), { timezone: schedule.timeZone, paused: true });
  // Start looking no earlier than the start day (a zone is at most 14 h ahead of UTC).
  const startFloor = new Date(Date.parse(`${schedule.startAt}T00:00:00Z`) - 15 * HOUR_MS);
  let from = after > startFloor ? after : startFloor;
  for (let guard = 0; guard < 100; guard++) {
    const candidate = cron.nextRun(from);
    if (!candidate) return null;
    const day = formatDate(candidate, schedule.timeZone);
    if (schedule.endAt && day > schedule.endAt) return null;
    if (day >= schedule.startAt) return candidate;
    from = candidate;
  }
  return null;
}

/** A wait in whole days, hours and minutes (rounded down), for "in 3 h 12 min". */
export function waitParts(ms: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}
