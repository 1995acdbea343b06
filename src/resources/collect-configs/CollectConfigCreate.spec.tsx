import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import type { Property } from '../../shared';
import { envelope, stubFetch, type StubAnswer } from '../../testing/fetchStub';
import { CollectConfigCreate } from './CollectConfigCreate';
import { choose, save, typeInto } from '../../testing/formActions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CODE_TABLES: Record<string, Property[]> = {
  advertisers: [{ id: 'advertisers:1', kind: 'advertisers', code: 'ACME', name: 'Acme Electronics', no: 1, regionCode: null }],
  'data-types': [{ id: 'data-types:1', kind: 'data-types', code: 'MEDIA', name: 'Media', no: 1, regionCode: null }],
};

/** The code tables as the server answers them to any signed-in admin, filtered by `kind`. */
function codeTable(url: string): StubAnswer {
  const { kind } = JSON.parse(new URL(url, 'http://x').searchParams.get('filter') ?? '{}') as { kind?: string };
  const list = CODE_TABLES[kind ?? ''] ?? [];
  return { body: envelope('SUCCESS', { list, totalCount: list.length, totalPage: 1, currentPage: 1 }) };
}

/** The create form over the real data provider; `properties` answers the code tables unless told otherwise. */
function renderCreate(properties: (url: string) => StubAnswer = codeTable) {
  const { calls } = stubFetch((call) => {
    if (call.url.startsWith('/api/properties')) return properties(call.url);
    if (call.url.startsWith('/api/market-accounts')) return { body: envelope('SUCCESS', { list: [], totalCount: 0, totalPage: 0, currentPage: 1 }) };
    if (call.method === 'POST' && call.url === '/api/collect-configs') return { body: envelope('SUCCESS', { id: 5, ...(call.body as object) }) };
    return { status: 404, body: envelope('NOT_FOUND') };
  });
  render(
    <TestMemoryRouter initialEntries={['/collect-configs/create']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="collect-configs">
          <CollectConfigCreate />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { saves: () => calls.filter((call) => call.method === 'POST') };
}

/** Filling this long form takes a minute or more on a busy 2-core machine. */
const SLOW_FORM = 240_000;

describe('Collect metric form, schedules', () => {
  it(
    'shows the shared schedule rules on the schedule inputs and saves only once they hold',
    async () => {
      const { saves } = renderCreate();
      typeInto('Metric name', 'Media spend');
      await choose(screen.getByRole('combobox', { name: /^Advertiser/ }), 'Acme Electronics (ACME)');
      await choose(screen.getByRole('combobox', { name: /^Data type/ }), 'Media (MEDIA)');
      typeInto('URL', 'http://127.0.0.1:9/report?from={{from}}');
      typeInto('Source field', 'spend');
      typeInto('Master field', 'spend');

      const schedules = document.querySelector('.ra-input-schedules') as HTMLElement;
      await userEvent.click(within(schedules).getByRole('button', { name: 'Add' }));
      await choose(within(schedules).getByRole('combobox', { name: 'Repeat' }), 'Weekly');
      // A new schedule starts in the browser's zone, its time typed on a 24-hour clock (no "06:00 AM").
      expect(within(schedules).getByRole('combobox', { name: /^Time zone/ })).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
      const time = within(schedules).getByLabelText('Time');
      expect(time).toHaveValue('06:00');
      expect(time).toHaveAttribute('type', 'text');
      fireEvent.change(time, { target: { value: '1830' } });
      expect(time).toHaveValue('18:30');
      fireEvent.change(time, { target: { value: '06:00' } });
      fireEvent.change(within(schedules).getByLabelText('Start date'), { target: { value: '2026-12-10' } });
      fireEvent.change(within(schedules).getByLabelText('End date'), { target: { value: '2026-12-01' } });
      await save();

      expect(await within(schedules).findByText('Choose the day of a weekly schedule.')).toBeInTheDocument();
      expect(within(schedules).getByText('The end date must not be before the start date.')).toBeInTheDocument();
      expect(saves()).toEqual([]);

      await choose(within(schedules).getByRole('combobox', { name: 'Day' }), 'Tuesday');
      fireEvent.change(within(schedules).getByLabelText('End date'), { target: { value: '2026-12-31' } });
      await pickZone(schedules, 'Seoul', 'Asia/Seoul');
      expect(within(schedules).getByTestId('schedule-sentence')).toHaveTextContent(/^every Tuesday at 06:00 Asia\/Seoul · next run 2026-12-15 06:00 \(in/);
      await save();

      await waitFor(() => expect(saves()).toHaveLength(1));
      expect(saves()[0].body).toMatchObject({
        metricName: 'Media spend',
        advertiser: 'ACME',
        dataType: 'MEDIA',
        sourceType: 'API',
        fields: [{ field: 'spend', code: 'spend', type: 'STRING', fieldFlag: 'N', masterFlag: 'N' }],
        schedules: [{ scheduleType: 'WEEKLY', scheduledDay: 'TUE', scheduledTime: '06:00', timeZone: 'Asia/Seoul', startAt: '2026-12-10', endAt: '2026-12-31', inUse: 'Y' }],
        alertRecipients: [],
      });
    },
    SLOW_FORM,
  );
});

/** Searches the time-zone picker and picks a zone. */
async function pickZone(scope: HTMLElement, typed: string, zone: string) {
  const input = within(scope).getByRole('combobox', { name: /^Time zone/ });
  await userEvent.clear(input);
  await userEvent.type(input, typed);
  await userEvent.click(await screen.findByRole('option', { name: zone }));
}

async function fillRequired() {
  typeInto('Metric name', 'Media spend');
  await choose(screen.getByRole('combobox', { name: /^Advertiser/ }), 'Acme Electronics (ACME)');
  await choose(screen.getByRole('combobox', { name: /^Data type/ }), 'Media (MEDIA)');
  typeInto('URL', 'http://127.0.0.1:9/report?from={{from}}');
}

describe('Collect metric form, hourly schedules', () => {
  it(
    'offers a minute picker for an hourly schedule and stores the minute in the HH:MM time',
    async () => {
      const { saves } = renderCreate();
      await fillRequired();
      typeInto('Source field', 'spend');
      typeInto('Master field', 'spend');
      const schedules = document.querySelector('.ra-input-schedules') as HTMLElement;
      await userEvent.click(within(schedules).getByRole('button', { name: 'Add' }));
      await choose(within(schedules).getByRole('combobox', { name: 'Repeat' }), 'Hourly');
      expect(within(schedules).queryByLabelText('Time')).toBeNull();
      await choose(within(schedules).getByRole('combobox', { name: 'Minute' }), '15');
      expect(within(schedules).getByTestId('schedule-sentence')).toHaveTextContent(/^every hour at minute 15 \(UTC\) · next run/);
      await save();
      await waitFor(() => expect(saves()).toHaveLength(1));
      expect(saves()[0].body).toMatchObject({ schedules: [{ scheduleType: 'HOURLY', scheduledTime: '00:15', timeZone: 'UTC', scheduledDay: null }] });
    },
    SLOW_FORM,
  );
});

describe('Collect metric form, code tables', () => {
  it('says so and offers no input when a code table cannot be loaded', async () => {
    renderCreate(() => ({ status: 500, body: envelope('INTERNAL_ERROR') }));
    await waitFor(() => expect(screen.getAllByText('The list could not be loaded. Reload the page to try again.')).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: /^Advertiser/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Data type/ })).toBeDisabled();
  });
});
