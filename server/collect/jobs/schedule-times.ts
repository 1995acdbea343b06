import type { ScheduleType, TaskScheduleType, WeekDay } from '../../../src/shared';
import { formatDate } from '../../../src/shared/date-time';
import { nextRunAfter as nextScheduledRun } from '../../../src/shared/schedule';

export interface ScheduleTiming {
  schedule_type: string;
  scheduled_time: string;
  scheduled_day: string | null;
  time_zone: string;
  start_at: string;
  end_at: string | null;
}

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The next due time of a stored schedule row: the shared computation the browser also shows (src/shared/schedule). */
export function nextRunAfter(schedule: ScheduleTiming, after: Date): Date | null {
  return nextScheduledRun(
    {
      scheduleType: schedule.schedule_type as ScheduleType,
      scheduledTime: schedule.scheduled_time,
      scheduledDay: schedule.scheduled_day as WeekDay | null,
      timeZone: schedule.time_zone,
      startAt: schedule.start_at,
      endAt: schedule.end_at,
    },
    after,
  );
}

/** The data period a task collects: the day before a daily run, the 7 days before a weekly run, the day so far for hourly. */
export function periodFor(type: TaskScheduleType, dueAt: Date, timeZone = 'UTC'): { from: string; to: string } {
  const today = formatDate(dueAt, timeZone);
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
