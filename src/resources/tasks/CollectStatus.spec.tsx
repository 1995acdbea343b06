import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import { envelope, stubFetch, type RecordedCall } from '../../testing/fetchStub';
import type { CollectStatus as Board, Task } from '../../shared';
import { CollectStatus } from './CollectStatus';
import { retryTimeText } from './TaskRunStatus';
import { stubWindowWidth } from '../../testing/windowWidth';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOARD: Board = {
  from: '2026-11-16',
  to: '2026-11-18',
  totalMastered: 12345,
  totalPosted: 6789,
  successRate: 87.5,
  failedTask: 2,
  tasksPerDay: [
    { day: '2026-11-16', PENDING: 0, STARTED: 0, SUCCESS: 3, ERROR: 1 },
    { day: '2026-11-17', PENDING: 0, STARTED: 0, SUCCESS: 0, ERROR: 0 },
    { day: '2026-11-18', PENDING: 1, STARTED: 1, SUCCESS: 4, ERROR: 1 },
  ],
  processes: [
    {
      processId: 'P7',
      configId: 7,
      metricName: 'Media spend',
      dataType: 'MEDIA',
      hourly: 1,
      weekly: 9,
      monthly: 30,
      scheduled: '2026-11-19T06:00:00.000Z',
      mastered: 12345,
      posted: 6789,
      targets: 2,
      updatedAt: '2026-11-18T06:01:00.000Z',
      status: 'ERROR',
      retryAt: null,
    },
  ],
  running: false,
};

const TASK: Task = {
  id: 41,
  taskId: 41,
  taskKind: 'COLLECT',
  configId: 7,
  metricName: 'Media spend',
  postConfigId: null,
  targetMethod: null,
  parentTaskId: null,
  processId: 'P7',
  processType: 'MASTERING',
  scheduleType: 'MANUAL',
  scheduleId: null,
  status: 'ERROR',
  attempt: 3,
  maxAttempts: 3,
  periodFrom: '2026-11-17',
  periodTo: '2026-11-17',
  dueAt: '2026-11-18T06:00:00.000Z',
  startedAt: '2026-11-18T06:00:01.000Z',
  finishedAt: '2026-11-18T06:03:06.000Z',
  rowsFetched: 0,
  rowsMastered: 0,
  rowsPosted: 0,
  errorId: 'SOURCE_HTTP_ERROR',
  errorText: 'The source answered HTTP 500.',
  retryAt: null,
  createdAt: '2026-11-18T06:00:00.000Z',
  updatedAt: '2026-11-18T06:00:02.000Z',
};

const listPage = (list: unknown[]) => envelope('SUCCESS', { list, totalCount: list.length, totalPage: 1, currentPage: 1 });
const filterOf = (call: RecordedCall) => JSON.parse(new URL(call.url, 'http://x').searchParams.get('filter') ?? '{}');

/** The real dataProvider and HTTP client over a stubbed server; `boards` are answered in turn (the last one repeats). */
function renderBoard(boards: Board[] | ((call: RecordedCall) => { status: number; body: unknown }), tasks: Task[] = [TASK], posts: Task[] = []) {
  let served = 0;
  const { calls } = stubFetch((call) => {
    if (call.url.startsWith('/api/collect-status')) {
      if (typeof boards === 'function') return boards(call);
      return { body: envelope('SUCCESS', boards[Math.min(served++, boards.length - 1)]) };
    }
    if (call.url.startsWith('/api/tasks')) return { body: listPage(filterOf(call).parentTaskId === undefined ? tasks : posts) };
    if (call.url.startsWith('/api/collect-configs')) return { body: listPage([{ id: 7, metricName: 'Media spend' }]) };
    if (call.url.startsWith('/api/properties')) return { body: listPage([{ id: 'data-types-1', kind: 'data-types', code: 'MEDIA', name: 'Media', no: 1 }]) };
    return { status: 404, body: envelope('NOT_FOUND') };
  });
  render(
    <TestMemoryRouter initialEntries={['/data/collect-status']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="tasks">
          <CollectStatus />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  const boardCalls = () => calls.filter((call) => call.url.startsWith('/api/collect-status'));
  const taskCalls = () => calls.filter((call) => call.url.startsWith('/api/tasks'));
  return { boardCalls, taskCalls };
}

describe('Collecting Status board', () => {
  it('shows the totals, the chart of tasks per day by status and the process rows of the period', async () => {
    const { boardCalls } = renderBoard([BOARD]);
    const tiles = await screen.findByTestId('collect-tiles');
    expect(within(tiles).getByText('Total mastered').nextSibling).toHaveTextContent('12,345');
    expect(within(tiles).getByText('Total posted').nextSibling).toHaveTextContent('6,789');
    expect(within(tiles).getByText('Success rate').nextSibling).toHaveTextContent('87.5%');
    expect(within(tiles).getByText('Failed tasks').nextSibling).toHaveTextContent('2');

    // Both the board and the list ask for the same default period: the last 7 days to today.
    const query = new URL(boardCalls()[0].url, 'http://x').searchParams;
    expect(Date.parse(query.get('to')!) - Date.parse(query.get('from')!)).toBe(6 * 86_400_000);

    const chart = screen.getByRole('img', { name: 'Tasks per day from 2026-11-16 to 2026-11-18: Succeeded 7, Failed 2, Running 1, Pending 1' });
    const bars = [...chart.querySelectorAll('g')].map((day) => [
      day.getAttribute('data-day'),
      [...day.querySelectorAll('rect')].map((rect) => `${rect.getAttribute('data-status')}:${Number(rect.getAttribute('height')).toFixed(1)}`),
    ]);
    // The value axis tops at 10 (138 px), the round number above the busiest day (7 tasks); an empty day draws nothing.
    expect(bars).toEqual([
      ['2026-11-16', ['SUCCESS:41.4', 'ERROR:13.8']],
      ['2026-11-17', []],
      ['2026-11-18', ['SUCCESS:55.2', 'ERROR:13.8', 'STARTED:13.8', 'PENDING:13.8']],
    ]);

    const row = within(screen.getByTestId('process-table')).getByText('Media spend').closest('tr')!;
    // The process reads as its metric, its id only in the name's details; its data type by name, no code beside it.
    expect(within(row).getByText('Media spend')).toHaveAttribute('title', 'P7');
    expect(await within(row).findByText('Media')).toHaveAttribute('title', 'MEDIA');
    expect(row).not.toHaveTextContent(/\((P7|MEDIA)\)/);
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(await screen.findByText('The source answered HTTP 500.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows each process as a card on a phone, with its status, data type, counts and times, no table; its Tasks drills down', async () => {
    stubWindowWidth(390);
    const { taskCalls } = renderBoard([BOARD]);
    const cards = await screen.findByRole('list', { name: 'Processes' });
    expect(screen.queryByTestId('process-table')).toBeNull();
    const [card] = within(cards).getAllByRole('listitem');
    expect(card).toHaveClass('console-card');
    expect(within(card!).getByText('Media spend')).toHaveAttribute('title', 'P7');
    expect(within(card!).getByText('Failed')).toBeInTheDocument();
    expect(await within(card!).findByText('Media')).toHaveAttribute('title', 'MEDIA');
    expect(within(card!).getByText('Last hour 1 · 7 days 9 · 30 days 30')).toBeInTheDocument();
    expect(within(card!).getByText('Mastered 12,345 · Posted 6,789 · Targets 2')).toBeInTheDocument();
    expect(card).toHaveTextContent(/Next run \d{4}-\d\d-\d\d \d\d:\d\d · Updated \d{4}-\d\d-\d\d \d\d:\d\d/);
    await userEvent.click(within(card!).getByRole('button', { name: 'Show tasks of Media spend' }));
    await waitFor(() => expect(filterOf(taskCalls().at(-1)!)).toMatchObject({ configId: 7 }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Processes' })).getByRole('listitem')).toHaveAttribute('aria-current', 'true'));
  });

  it('drills down from a process row into the task list and the board of that collect metric', async () => {
    const { taskCalls, boardCalls } = renderBoard([BOARD]);
    await userEvent.click(await screen.findByRole('button', { name: 'Show tasks of Media spend' }));
    await waitFor(() => expect(filterOf(taskCalls().at(-1)!)).toMatchObject({ configId: 7 }));
    // The board follows the same filter (its period goes apart as from/to).
    await waitFor(() => expect(filterOf(boardCalls().at(-1)!)).toEqual({ configId: 7 }));
    expect(new URL(boardCalls().at(-1)!.url, 'http://x').searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(screen.getByTestId('process-table')).getByText('Media spend').closest('tr')).toHaveClass('Mui-selected');
  });

  it('says there is nothing to show yet when no collect metric exists, and shows zero totals without a rate', async () => {
    renderBoard([{ ...BOARD, totalMastered: 0, totalPosted: 0, successRate: null, failedTask: 0, processes: [] }]);
    expect(await screen.findByText('No collect metrics yet. Add one under Collect Metrics.')).toBeInTheDocument();
    expect(within(screen.getByTestId('collect-tiles')).getByText('Success rate').nextSibling).toHaveTextContent('—');
  });

  it('says when a failed attempt will be retried instead of "Pending", in the task table and the process row alike, and how long each finished run took', async () => {
    const runAt = new Date();
    runAt.setHours(23, 59, 0, 0);
    const waiting: Task = { ...TASK, id: 42, taskId: 42, status: 'PENDING', attempt: 1, finishedAt: null, errorText: 'The source answered HTTP 502.', retryAt: runAt.toISOString() };
    const queued: Task = { ...TASK, id: 43, taskId: 43, status: 'PENDING', attempt: 0, startedAt: null, finishedAt: null, errorId: null, errorText: null };
    renderBoard([{ ...BOARD, processes: [{ ...BOARD.processes[0], status: 'PENDING', retryAt: runAt.toISOString() }] }], [TASK, waiting, queued]);
    const retryRow = (await screen.findByText('The source answered HTTP 502.')).closest('tr')!;
    expect(await within(retryRow).findByText('Retrying')).toBeInTheDocument();
    expect(within(retryRow).getByText('23:59')).toBeInTheDocument();
    expect(within(retryRow).queryByText('Pending')).not.toBeInTheDocument();
    const processRow = within(screen.getByTestId('process-table')).getByText('Media spend').closest('tr')!;
    expect(within(processRow).getByText('Retrying')).toBeInTheDocument();
    expect(within(processRow).getByText('23:59')).toBeInTheDocument();
    // A task that never ran is plainly waiting; a finished one shows finished − started.
    expect(within(screen.getByText('43').closest('tr')!).getByText('Pending')).toBeInTheDocument();
    expect(within(screen.getByText('The source answered HTTP 500.').closest('tr')!).getByText('3 min 5 s')).toBeInTheDocument();
  });

  it('lists one row per run and expands a run, from the keyboard, to its post tasks', async () => {
    const post = (id: number, targetMethod: Task['targetMethod'], status: Task['status'], rowsPosted: number): Task => ({
      ...TASK,
      id,
      taskId: id,
      taskKind: 'POST',
      parentTaskId: 41,
      postConfigId: id,
      targetMethod,
      status,
      rowsPosted,
      errorId: null,
      errorText: status === 'ERROR' ? 'The bucket refused the file.' : null,
      startedAt: '2026-11-18T06:04:00.000Z',
      finishedAt: '2026-11-18T06:04:42.000Z',
    });
    const { taskCalls } = renderBoard([BOARD], [{ ...TASK, postsRowsPosted: 1200 }], [post(51, 'LOCAL', 'SUCCESS', 1200), post(52, 'GCS', 'ERROR', 0)]);
    const toggle = await screen.findByRole('button', { name: 'Show post tasks of run #41' });
    // The run's row counts what its post tasks posted.
    expect(within(toggle.closest('tr')!).getByText('1,200')).toBeInTheDocument();
    // The list asks for collect tasks only: a post task is part of its run's row.
    expect(filterOf(taskCalls()[0])).toMatchObject({ taskKind: 'COLLECT' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Post tasks of run #41' })).not.toBeInTheDocument();

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    const posts = await screen.findByRole('table', { name: 'Post tasks of run #41' });
    expect(screen.getByRole('button', { name: 'Hide post tasks of run #41' })).toHaveAttribute('aria-expanded', 'true');
    expect(filterOf(taskCalls().at(-1)!)).toEqual({ parentTaskId: 41 });
    const local = within(posts).getByText('#51').closest('tr')!;
    expect(within(local).getByText('Local folder')).toBeInTheDocument();
    expect(within(local).getByText('Succeeded')).toBeInTheDocument();
    expect(within(local).getByText('1,200')).toBeInTheDocument();
    expect(within(local).getByText('42 s')).toBeInTheDocument();
    const gcs = within(posts).getByText('#52').closest('tr')!;
    expect(within(gcs).getByText('The bucket refused the file.')).toBeInTheDocument();
    expect(within(gcs).getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Post tasks of run #41' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show post tasks of run #41' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('writes a retry on another day with its date', () => {
    const now = new Date(2026, 10, 18, 9, 0);
    expect(retryTimeText(new Date(2026, 10, 18, 9, 5).toISOString(), now)).toBe('09:05');
    expect(retryTimeText(new Date(2026, 10, 19, 0, 30).toISOString(), now)).toBe('2026-11-19 00:30');
  });

  it('shows why the board could not load', async () => {
    renderBoard(() => ({
      status: 400,
      body: envelope('VALIDATION_ERROR', { errors: [{ field: 'to', message: 'The end date must not be before the start date.' }] }, 'The end date must not be before the start date.'),
    }));
    expect(await screen.findByText('The collecting status could not be loaded: The end date must not be before the start date.')).toBeInTheDocument();
  });

  it('polls the board and the task list while tasks run, and stops once they are done', async () => {
    const { boardCalls, taskCalls } = renderBoard([{ ...BOARD, running: true }, BOARD]);
    expect(await screen.findByText('Tasks are running; this board refreshes itself.')).toBeInTheDocument();
    await waitFor(() => expect(boardCalls()).toHaveLength(2), { timeout: 6000 });
    await waitFor(() => expect(screen.queryByText('Tasks are running; this board refreshes itself.')).not.toBeInTheDocument());
    const tasksAfterRun = taskCalls().length;
    expect(tasksAfterRun).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(boardCalls()).toHaveLength(2);
  });
});
