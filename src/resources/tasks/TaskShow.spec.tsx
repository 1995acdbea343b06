import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const FAILED: TaskDetail = {
  id: 9,
  taskId: 9,
  taskKind: 'COLLECT',
  configId: 3,
  metricName: 'Media spend',
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
  startedAt: '2026-11-18T06:00:01.000Z',
  finishedAt: '2026-11-18T06:00:02.000Z',
  rowsFetched: 0,
  rowsMastered: 0,
  rowsPosted: 0,
  errorId: 'SOURCE_HTTP_ERROR',
  errorText: 'The source answered HTTP 500.',
  retryAt: null,
  createdAt: '2026-11-18T06:00:00.000Z',
  updatedAt: '2026-11-18T06:00:02.000Z',
  dataLocation: null,
  targetLocation: null,
  responseMeta: { status: 500, pages: 1, durationMs: 12 },
  logs: [
    { at: '2026-11-18T06:00:01.000Z', level: 'INFO', message: 'Fetching page 1' },
    { at: '2026-11-18T06:00:02.000Z', level: 'ERROR', message: 'The source answered HTTP 500.' },
  ],
  postingTasks: [],
};

function renderTask(task: TaskDetail) {
  const { calls } = stubFetch((call) => {
    if (call.method === 'GET' && call.url === `/api/tasks/${task.id}`) return { body: envelope('SUCCESS', task) };
    if (call.method === 'POST' && call.url === `/api/tasks/${task.id}/retry`) return { body: envelope('SUCCESS', { ...task, status: 'PENDING' }, 'The task is queued again.') };
    return { status: 404, body: envelope('NOT_FOUND') };
  });
  render(
    <TestMemoryRouter initialEntries={[`/tasks/${task.id}/show`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="tasks">
          <TaskShow id={task.id} />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { calls };
}

describe('Task detail', () => {
  it('shows the error in words, the response metadata as labelled lines and the log of a failed task, and retries it after a confirmation', async () => {
    const { calls } = renderTask(FAILED);
    // Why in words and what to do next; the error id and the raw text wait behind Details.
    const error = await screen.findByTestId('task-error');
    expect(error).toHaveTextContent('Source answered with an error');
    expect(error).toHaveTextContent('Check the address and parameters in the config');
    expect(error).not.toHaveTextContent('SOURCE_HTTP_ERROR');
    await userEvent.click(within(error).getByRole('button', { name: 'Details' }));
    expect(within(error).getByTestId('task-error-details')).toHaveTextContent('SOURCE_HTTP_ERROR: The source answered HTTP 500.');
    // The response metadata as labelled lines, not JSON.
    const meta = [...screen.getByTestId('response-meta').children].map((cell) => cell.textContent);
    // The failed read took 12 ms: it failed at once, no duration (src/shared/run-durations.ts).
    expect(meta).toEqual(['Answer status', '500', 'Pages', '1', 'Took', 'failed at once']);
    const log = screen.getByTestId('task-log').textContent!;
    // Each line's time in the reader's zone (Seoul here) as YYYY-MM-DD HH:mm, never the stored ISO instant.
    expect(log.split('\n')).toEqual(['2026-11-18 15:00  INFO   Fetching page 1', '2026-11-18 15:00  ERROR  The source answered HTTP 500.']);
    expect(screen.getByText('No posting tasks.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Retry task #9?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/tasks/9/retry']));
  });

  it('offers no retry for a successful task and lists its posting tasks', async () => {
    renderTask({
      ...FAILED,
      status: 'SUCCESS',
      errorId: null,
      errorText: null,
      rowsMastered: 3,
      dataLocation: 'master_rows?configId=3&period=2026-11-17..2026-11-17',
      postingTasks: [{ ...FAILED, id: 10, taskId: 10, taskKind: 'POST', parentTaskId: 9, targetMethod: 'LOCAL', status: 'SUCCESS', rowsPosted: 3, errorId: null, errorText: null }],
    });
    expect(await screen.findByText('master_rows?configId=3&period=2026-11-17..2026-11-17')).toBeInTheDocument();
    expect(screen.getByText('No error.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#10' })).toHaveAttribute('href', '/tasks/10/show');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
