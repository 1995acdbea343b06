import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, RecordContextProvider, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import { envelope, stubFetch } from '../../testing/fetchStub';
import type { CollectConfig } from '../../shared';
import { CollectConfigShow } from './CollectConfigShow';
import { SuspendedChip } from './SuspendedChip';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUSPENDED: CollectConfig = {
  id: 3,
  configId: 3,
  metricName: 'Media spend',
  advertiser: 'ACME',
  dataType: 'MEDIA',
  sourceType: 'API',
  sourceName: null,
  sourceLocation: 'http://127.0.0.1:9/report',
  sourceMethod: { httpMethod: 'GET', headers: [], responseFormat: 'JSON', rowsPath: 'data.rows', pagination: { type: 'NONE', maxPages: 1000 }, timeoutMs: 30_000 },
  marketAccountId: null,
  marketAccountName: null,
  advertiserName: 'Acme Electronics',
  keyName: null,
  configData: {},
  fields: [{ field: 'spend', code: 'spend', type: 'NUMBER', fieldFlag: 'N', masterFlag: 'N' }],
  schedules: [],
  alertRecipients: [],
  inUse: 'Y',
  suspended: 'Y',
  suspendedAt: '2026-11-18T06:00:00.000Z',
  failureStreak: 5,
  nextRunAt: null,
  lastTaskStatus: 'ERROR',
  lastTaskRetryAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-18T06:00:00.000Z',
};

/** The config's show page, with the real data provider over a stubbed server. */
function renderShow() {
  const { calls } = stubFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/collect-configs/3') return { body: envelope('SUCCESS', SUSPENDED) };
    if (call.method === 'POST' && call.url === '/api/collect-configs/3/resume') return { body: envelope('SUCCESS', { ...SUSPENDED, suspended: 'N', failureStreak: 0 }) };
    if (call.method === 'POST' && call.url === '/api/collect-configs/3/backfill') return { body: envelope('SUCCESS', { tasks: [] }) };
    if (call.method === 'POST' && call.url === '/api/collect-configs/3/run') return { body: envelope('SUCCESS', { id: 11 }) };
    return { status: 404, body: envelope('NOT_FOUND') };
  });
  render(
    <TestMemoryRouter initialEntries={['/collect-configs/3/show']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="collect-configs">
          <Routes>
            <Route path="/collect-configs/:id/show" element={<CollectConfigShow />} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { posts: () => calls.filter((call) => call.method === 'POST') };
}

describe('Collect metric show page and its actions', () => {
  it('says a suspended config is suspended, since when and after how many failures, and resumes it from the banner', async () => {
    const { posts } = renderShow();
    const banner = await screen.findByTestId('suspended-banner');
    expect(banner).toHaveTextContent(/^Suspended after 5 failed tasks in a row \(2026-11-18 \d\d:00\)/);
    await userEvent.click(within(banner).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(posts().map((call) => call.url)).toEqual(['/api/collect-configs/3/resume']));
    expect(await screen.findByText('Media spend runs on its schedules again.')).toBeInTheDocument();
  });

  it('runs now only after a confirmation, and points to the status board', async () => {
    const { posts } = renderShow();
    await userEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Run Media spend now?')).toBeInTheDocument();
    expect(posts()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('A task for Media spend is queued.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Collecting Status' })).toHaveAttribute('href', '/data/collect-status');
    expect(posts().map((call) => call.url)).toEqual(['/api/collect-configs/3/run']);
  });

  it('refuses a backfill range that ends before it starts, and queues one task per day of a valid range', async () => {
    const { posts } = renderShow();
    await userEvent.click(await screen.findByRole('button', { name: 'Backfill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backfill Media spend' });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-11-08' } });
    expect(within(dialog).getByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Backfill' })).toBeDisabled();

    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-11-12' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Queue 3 tasks' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ url: '/api/collect-configs/3/backfill', body: { from: '2026-11-10', to: '2026-11-12' } });
    expect(await screen.findByText('3 backfill tasks for Media spend are queued.')).toBeInTheDocument();
  });

  it('marks a suspended config in the list with a chip, and nothing for one that runs', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={SUSPENDED}>
          <SuspendedChip />
        </RecordContextProvider>
        <RecordContextProvider value={{ ...SUSPENDED, id: 4, suspended: 'N' }}>
          <span data-testid="running">
            <SuspendedChip />
          </span>
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    expect(screen.getByTestId('running')).toBeEmptyDOMElement();
  });
});
