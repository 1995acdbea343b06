import { Cron } from 'croner';
import { WEEK_DAYS, type ScheduleType, type TaskScheduleType, type WeekDay } from '../../src/shared';

export interface ScheduleTiming {
  schedule_type: string;
  scheduled_time: string;
  scheduled_day: string | null;
  time_zone: string;
  start_at: string;
  end_at: string | null;
}

const DAY_MS = 86_400_000;

function cronPattern(schedule: ScheduleTiming): string {
  const [hour, minute] = schedule.scheduled_time.split(':').map(Number);
  switch (schedule.schedule_type as ScheduleType) {
    case 'HOURLY':
      return `${minute} * * * *`;
    case 'WEEKLY':
      return `${minute} ${hour} * * ${(WEEK_DAYS.indexOf(schedule.scheduled_day as WeekDay) + 1) % 7}`;
    default:
      return `${minute} ${hour} * * *`;
  }
}

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first due time strictly after `after`, within the schedule's start and end days (read in its
 * time zone); null when the schedule has ended. Wall-clock times follow the zone across DST
 * changes (croner), so a 09:00 daily run stays at 09:00 local time.
 */
export function nextRunAfter(schedule: ScheduleTiming, after: Date): Date | null {
  const cron = new Cron(cronPattern(schedule), { timezone: schedule.time_zone, paused: true });
  // Start looking no earlier than the start day (a zone is at most 14 h ahead of UTC).
  const startFloor = new Date(Date.parse(`${schedule.start_at}T00:00:00Z`) - 15 * 3_600_000);
  let from = after > startFloor ? after : startFloor;
  for (let guard = 0; guard < 100; guard++) {
    const candidate = cron.nextRun(from);
    if (!candidate) return null;
    const day = localDay(candidate, schedule.time_zone);
    if (schedule.end_at && day > schedule.end_at) return null;
    if (day >= schedule.start_at) return candidate;
    from = candidate;
  }
  return null;
}

/** The data period a task collects: the day before a daily run, the 7 days before a weekly run, the day so far for hourly. */
export function periodFor(type: TaskScheduleType, dueAt: Date, timeZone = 'UTC'): { from: string; to: string } {
  const today = localDay(dueAt, timeZone);
  if (type === 'HOURLY') return { from: today, to: today };
  if (type === 'WEEKLY') return { from: addDays(today, -7), to: addDays(today, -1) };
  return { from: addDays(today, -1), to: addDays(today, -1) };
}

/** Every day of an inclusive range. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
