import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DAY_PATTERN, TIME_PATTERN, formatDateTime, isKnownTimeZone, type ScheduleInput } from '../../shared';
import { nextRunAfter, waitParts } from '../../shared/schedule';

/** The current time, moving on every half minute (the sentence's "in 12 min" stays true). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A schedule the sentence can speak of: its time, zone and days are well formed (the form says what is wrong otherwise). */
const readable = (schedule: Partial<ScheduleInput>): schedule is ScheduleInput & { scheduledTime: string; timeZone: string } =>
  Boolean(schedule.scheduleType && TIME_PATTERN.test(schedule.scheduledTime ?? '') && isKnownTimeZone(schedule.timeZone ?? '') && DAY_PATTERN.test(schedule.startAt ?? '')) &&
  (schedule.scheduleType !== 'WEEKLY' || Boolean(schedule.scheduledDay));

/**
 * A schedule in words under its inputs: "every day at 09:00 Asia/Seoul · next run 2026-11-24 09:00
 * (in 3 h 12 min)". The next run comes from the scheduler's own function (src/shared/schedule) and
 * is shown as the wall-clock time of the schedule's zone.
 */
export function ScheduleSentence({ schedule }: { schedule: Partial<ScheduleInput> | undefined }) {
  const translate = useTranslate();
  const now = useNow();
  if (!schedule || !readable(schedule)) return null;
  const t = (key: string, options?: Record<string, unknown>) => translate(`resources.collect-configs.schedule.${key}`, options);
  const zone = schedule.timeZone;
  const rule =
    schedule.scheduleType === 'HOURLY'
      ? t('hourly', { minute: schedule.scheduledTime.slice(3), zone })
      : schedule.scheduleType === 'WEEKLY'
        ? t('weekly', { day: translate(`resources.collect-configs.choices.weekDay.${schedule.scheduledDay}`), time: schedule.scheduledTime, zone })
        : t('daily', { time: schedule.scheduledTime, zone });
  let sentence: string;
  if (schedule.inUse === 'N') sentence = t('off', { rule });
  else {
    const next = nextRunAfter({ ...schedule, scheduleType: schedule.scheduleType, timeZone: zone }, now);
    if (!next) sentence = t('ended', { rule, end: schedule.endAt ?? '' });
    else {
      const { days, hours, minutes } = waitParts(next.getTime() - now.getTime());
      const parts = days
        ? [t('days', { count: days }), ...(hours ? [t('hours', { count: hours })] : [])]
        : [...(hours ? [t('hours', { count: hours })] : []), ...(minutes ? [t('minutes', { count: minutes })] : [])];
      sentence = t('nextRun', { rule, at: formatDateTime(next, zone), wait: parts.length ? parts.join(' ') : t('underAMinute') });
    }
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="schedule-sentence" sx={{ flexBasis: '100%', mt: -1, mb: 1 }}>
      {sentence}
    </Typography>
  );
}
