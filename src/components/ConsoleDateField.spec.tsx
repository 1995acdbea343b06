import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider, memoryStore } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { ConsoleDateField, formatConsoleDate } from './ConsoleDateField';

const zoneBefore = process.env.TZ;
afterEach(() => {
  cleanup();
  process.env.TZ = zoneBefore;
});

// 2026-12-05 15:30 UTC: already 6 December in Seoul, still 5 December in New York.
const AT = '2026-12-05T15:30:00.000Z';

function renderField(locale: 'en' | 'ko', props: Parameters<typeof ConsoleDateField>[0]) {
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale })}>
      <RecordContextProvider value={{ id: 1, at: AT, day: '2026-12-05', none: null }}>
        <ConsoleDateField {...props} />
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe('ConsoleDateField', () => {
  beforeEach(() => {
    process.env.TZ = 'Asia/Seoul';
  });

  it.each(['en', 'ko'] as const)('shows YYYY-MM-DD HH:mm in the browser time zone in %s, on one line', async (locale) => {
    renderField(locale, { source: 'at', showTime: true });
    const shown = await screen.findByText('2026-12-06 00:30');
    expect(getComputedStyle(shown).whiteSpace).toBe('nowrap');
  });

  it.each(['en', 'ko'] as const)('shows YYYY-MM-DD without a time in %s', async (locale) => {
    renderField(locale, { source: 'at' });
    expect(await screen.findByText('2026-12-06')).toBeTruthy();
  });

  it('follows the time zone it runs in', async () => {
    process.env.TZ = 'America/New_York';
    renderField('en', { source: 'at', showTime: true });
    expect(await screen.findByText('2026-12-05 10:30')).toBeTruthy();
  });

  it('keeps a plain calendar day as that day west of Greenwich', async () => {
    process.env.TZ = 'America/Los_Angeles';
    renderField('en', { source: 'day' });
    expect(await screen.findByText('2026-12-05')).toBeTruthy();
  });

  it('shows the empty text when there is no date', async () => {
    renderField('ko', { source: 'none', showTime: true, emptyText: '—' });
    expect(await screen.findByText('—')).toBeTruthy();
  });
});

describe('formatConsoleDate', () => {
  it('gives nothing for a missing or unreadable value', async () => {
    expect(formatConsoleDate(null)).toBe('');
    expect(formatConsoleDate('not a date', true)).toBe('');
  });
});
