import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider';
import type { ScheduleInput } from '../../shared';
import { ScheduleSentence } from './ScheduleSentence';

// 2026-11-24 05:48 Seoul time; only Date is faked, so React's own timers run.
const NOW = '2026-11-23T20:48:00Z';
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const daily: ScheduleInput = { scheduleType: 'DAILY', scheduledTime: '09:00', timeZone: 'Asia/Seoul', startAt: '2026-11-01', inUse: 'Y' };

async function sentence(locale: 'en' | 'ko', schedule: Partial<ScheduleInput>) {
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale })}>
      <ScheduleSentence schedule={schedule} />
    </AdminContext>,
  );
  return (await screen.findByTestId('schedule-sentence')).textContent;
}

describe('the schedule in a sentence', () => {
  it.each([
    ['en', 'every day at 09:00 Asia/Seoul · next run 2026-11-24 09:00 (in 3 h 12 min)'],
    ['ko', '매일 09:00 Asia/Seoul · 다음 실행 2026-11-24 09:00 (3시간 12분 후)'],
  ] as const)('says a daily schedule and its next run in %s', async (locale, expected) => {
    expect(await sentence(locale, daily)).toBe(expected);
  });

  it.each([
    ['en', 'every hour at minute 15 (Asia/Seoul) · next run 2026-11-24 06:15 (in 27 min)'],
    ['ko', '매시 15분 (Asia/Seoul) · 다음 실행 2026-11-24 06:15 (27분 후)'],
  ] as const)('says an hourly schedule by its minute in %s', async (locale, expected) => {
    expect(await sentence(locale, { ...daily, scheduleType: 'HOURLY', scheduledTime: '00:15' })).toBe(expected);
  });

  it.each([
    ['en', 'every Tuesday at 09:00 America/New_York · next run 2026-11-24 09:00 (in 17 h 12 min)'],
    ['ko', '매주 화요일 09:00 America/New_York · 다음 실행 2026-11-24 09:00 (17시간 12분 후)'],
  ] as const)('says a weekly schedule in its own zone in %s', async (locale, expected) => {
    expect(await sentence(locale, { ...daily, scheduleType: 'WEEKLY', scheduledDay: 'TUE', timeZone: 'America/New_York' })).toBe(expected);
  });

  it('counts days when the first run is far off, and says when a schedule has ended or is off', async () => {
    expect(await sentence('en', { ...daily, startAt: '2026-11-26' })).toBe('every day at 09:00 Asia/Seoul · next run 2026-11-26 09:00 (in 2 d 3 h)');
    cleanup();
    expect(await sentence('en', { ...daily, endAt: '2026-11-23' })).toBe('every day at 09:00 Asia/Seoul · no further run (it ended on 2026-11-23)');
    cleanup();
    expect(await sentence('ko', { ...daily, inUse: 'N' })).toBe('매일 09:00 Asia/Seoul · 꺼짐, 실행하지 않음');
  });

  it('says nothing of a schedule still being typed (an unknown zone, a weekly one without its day)', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale: 'en' })}>
        <ScheduleSentence schedule={{ ...daily, timeZone: 'Mars/Olympus' }} />
        <ScheduleSentence schedule={{ ...daily, scheduleType: 'WEEKLY' }} />
        <ScheduleSentence schedule={daily} />
      </AdminContext>,
    );
    expect((await screen.findAllByTestId('schedule-sentence')).map((shown) => shown.textContent)).toEqual(['every day at 09:00 Asia/Seoul · next run 2026-11-24 09:00 (in 3 h 12 min)']);
  });
});
