import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import { envelope, stubFetch } from '../../testing/fetchStub';
import type { TaskDetail } from '../../shared';
import { TaskShow } from './TaskShow';

const zoneBefore = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Asia/Seoul';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  process.env.TZ = zoneBefore;
});

const URL_CALLED = 'http://127.0.0.1:9/broken?since=2026-11-17&access_token=[REDACTED]&page=1';
const attempt = (n: number, startedAt: string, finishedAt: string, outcome: 'RETRY' | 'ERROR') => ({
  attempt: n,
  startedAt,
  finishedAt,
  durationMs: Date.parse(finishedAt) - Date.parse(startedAt),
  outcome,
  status: 500,
  bytes: 21,
  pages: 1,
  url: URL_CALLED,
  errorId: 'SOURCE_HTTP_ERROR' as const,
});

/** The run: three attempts over three minutes, each answered HTTP 500. */
const FAILED: TaskDetail = {
  id: 9,
  taskId: 9,
  taskKind: 'COLLECT',
  configId: 3,
  metricName: 'Naver daily',
  postConfigId: null,
  targetMethod: null,
  parentTaskId: null,
  processId: 'P3',
  processType: 'MASTERING',
  scheduleType: 'DAILY',
  scheduleId: 4,
  status: 'ERROR',
  attempt: 3,
  maxAttempts: 3,
  periodFrom: '2026-11-17',
  periodTo: '2026-11-17',
  dueAt: '2026-11-18T06:00:00.000Z',
  startedAt: '2026-11-18T06:00:00.000Z',
  finishedAt: '2026-11-18T06:03:02.000Z',
  rowsFetched: 0,
  rowsMastered: 0,
  rowsPosted: 0,
  errorId: 'SOURCE_HTTP_ERROR',
  errorText: 'The source answered HTTP 500 (21 bytes) on page 1.',
  retryAt: null,
  createdAt: '2026-11-18T06:00:00.000Z',
  updatedAt: '2026-11-18T06:03:02.000Z',
  dataLocation: null,
  targetLocation: null,
  responseMeta: { status: 500, pages: 1, bytes: 21, url: URL_CALLED },
  attempts: [
    attempt(1, '2026-11-18T06:00:00.000Z', '2026-11-18T06:00:01.000Z', 'RETRY'),
    attempt(2, '2026-11-18T06:01:01.000Z', '2026-11-18T06:01:02.000Z', 'RETRY'),
    attempt(3, '2026-11-18T06:03:01.000Z', '2026-11-18T06:03:02.000Z', 'ERROR'),
  ],
  logs: [],
  postingTasks: [],
};

describe('Task detail: the run and its attempts', () => {
  it('shows the run’s whole duration and each attempt’s start, time taken, result, HTTP status, size and URL', async () => {
    stubFetch((call) => (call.url === `/api/tasks/${FAILED.id}` ? { body: envelope('SUCCESS', FAILED) } : { status: 404, body: envelope('NOT_FOUND') }));
    render(
      <TestMemoryRouter initialEntries={[`/tasks/${FAILED.id}/show`]}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <ResourceContextProvider value="tasks">
            <TaskShow id={FAILED.id} />
          </ResourceContextProvider>
        </AdminContext>
      </TestMemoryRouter>,
    );
    const table = await screen.findByTestId('task-attempts');
    expect(screen.getByText('3 min 2 s')).toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.closest('thead') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Attempt', 'Started', 'Took', 'Result', 'HTTP status', 'Size', 'URL called'],
      ['1/3', '2026-11-18 15:00', '1 s', 'Failed, retried', '500', '21 B', URL_CALLED],
      ['2/3', '2026-11-18 15:01', '1 s', 'Failed, retried', '500', '21 B', URL_CALLED],
      ['3/3', '2026-11-18 15:03', '1 s', 'Failed', '500', '21 B', URL_CALLED],
    ]);
    expect(screen.queryByText('No response metadata.')).not.toBeInTheDocument();
  });
});
