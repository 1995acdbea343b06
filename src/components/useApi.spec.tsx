import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter, useGetOne } from 'react-admin';
import { ConsoleNotification } from '../layout/ConsoleNotification';
import { dataProvider } from '../providers/dataProvider';
import { httpClient } from '../providers/httpClient';
import { i18nProvider } from '../providers/i18nProvider';
import { envelope, stubFetch, type StubAnswer } from '../testing/fetchStub';
import { useApiAction, type ApiActionSuccess } from './useApiAction';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Plan 5 as react-admin shows it (so a refresh is visible), and buttons that run its action. */
function PlanActions({ onDone }: { onDone: () => void }) {
  const { data } = useGetOne('plans', { id: 5 });
  const { run, busy } = useApiAction();
  const [result, setResult] = useState('none');
  const act = (success?: ApiActionSuccess) => () => run(() => httpClient.post<null>('/plans/5/run'), success).then((ok) => setResult(String(ok)));
  return (
    <>
      <p>Plan: {data?.name}</p>
      <p>{busy ? 'Running' : 'Idle'}</p>
      <p>Result: {result}</p>
      <button onClick={act()}>server message</button>
      <button onClick={act({ message: 'resources.collect-configs.notifications.runQueued', args: { metric: 'Media spend' } })}>translated</button>
      <button
        onClick={act({
          message: 'resources.collect-configs.notifications.runQueued',
          args: { metric: 'Media spend' },
          toast: (message) => <a href="/data/collect-status">{message}</a>,
          onDone,
        })}
      >
        custom toast
      </button>
    </>
  );
}

/** Renders the buttons against a server whose plan name changes with every read and whose run answers `runAnswer`. */
function renderActions(runAnswer: () => StubAnswer | Promise<StubAnswer>) {
  let reads = 0;
  const { calls } = stubFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/plans/5') return { body: envelope('SUCCESS', { id: 5, name: `Plan read ${++reads}` }) };
    if (call.method === 'POST' && call.url === '/api/plans/5/run') return runAnswer();
    return { status: 404, body: envelope('NOT_FOUND') };
  });
  const onDone = vi.fn();
  render(
    <TestMemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <PlanActions onDone={onDone} />
        <ConsoleNotification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { calls, onDone };
}

describe('useApiAction', () => {
  it("toasts the server's message, refreshes and resolves to true", async () => {
    renderActions(() => ({ body: envelope('SUCCESS', null, 'The plan runs now.') }));
    expect(await screen.findByText('Plan: Plan read 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'server message' }));
    expect(await screen.findByText('The plan runs now.')).toBeInTheDocument();
    expect(await screen.findByText('Plan: Plan read 2')).toBeInTheDocument();
    expect(screen.getByText('Result: true')).toBeInTheDocument();
  });

  it('toasts a given translation key with its arguments instead of the server message', async () => {
    renderActions(() => ({ body: envelope('SUCCESS', null, 'The plan runs now.') }));
    await screen.findByText('Plan: Plan read 1');
    await userEvent.click(screen.getByRole('button', { name: 'translated' }));
    expect(await screen.findByText('A task for Media spend is queued.')).toBeInTheDocument();
    expect(screen.queryByText('The plan runs now.')).not.toBeInTheDocument();
    expect(await screen.findByText('Plan: Plan read 2')).toBeInTheDocument();
  });

  it('shows custom toast content around the translated message and calls onDone', async () => {
    const { onDone } = renderActions(() => ({ body: envelope('SUCCESS') }));
    await screen.findByText('Plan: Plan read 1');
    await userEvent.click(screen.getByRole('button', { name: 'custom toast' }));
    expect(await screen.findByRole('link', { name: 'A task for Media spend is queued.' })).toHaveAttribute('href', '/data/collect-status');
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('toasts a failure with its result in words, resolves to false and neither refreshes nor calls onDone', async () => {
    const { calls, onDone } = renderActions(() => ({ status: 409, body: envelope('CONFLICT', null, 'The plan is running already.') }));
    await screen.findByText('Plan: Plan read 1');
    await userEvent.click(screen.getByRole('button', { name: 'custom toast' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Already exists or changed');
    expect(toast).toHaveTextContent('The plan is running already.');
    expect(toast).toHaveTextContent('Code: CONFLICT');
    expect(screen.getByText('Result: false')).toBeInTheDocument();
    expect(screen.getByText('Plan: Plan read 1')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('is busy while the call runs', async () => {
    let answer!: (value: StubAnswer) => void;
    renderActions(() => new Promise<StubAnswer>((resolve) => (answer = resolve)));
    await screen.findByText('Plan: Plan read 1');
    expect(screen.getByText('Idle')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'server message' }));
    expect(await screen.findByText('Running')).toBeInTheDocument();
    answer({ body: envelope('SUCCESS', null, 'The plan runs now.') });
    expect(await screen.findByText('Idle')).toBeInTheDocument();
    expect(screen.getByText('Result: true')).toBeInTheDocument();
  });
});
