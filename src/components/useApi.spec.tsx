import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter, useGetOne } from 'react-admin';
import { ConsoleNotification } from '../layout/ConsoleNotification';
import { dataProvider } from '../providers/dataProvider';
import { httpClient } from '../providers/httpClient';
import { i18nProvider } from '../providers/i18nProvider';
import { envelope, stubFetch, type StubAnswer } from '../testing/fetchStub';
import { ServerErrorAlert } from './ServerErrorAlert';
import { useApiRead, useApiWrite, type ApiActionSuccess } from './useApi';
import { expectCodeBehindDetails } from '../testing/errorDetails';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Plan 5 as react-admin shows it (so a refresh is visible), and buttons that run its action. */
function PlanActions({ onDone }: { onDone: () => void }) {
  const { data } = useGetOne('plans', { id: 5 });
  const { run, pending } = useApiWrite();
  const [result, setResult] = useState('none');
  const act = (success?: ApiActionSuccess) => () => run(() => httpClient.post<null>('/plans/5/run'), success).then((answer) => setResult(String(answer !== undefined)));
  return (
    <>
      <p>Plan: {data?.name}</p>
      <p>{pending ? 'Running' : 'Idle'}</p>
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

describe('useApiWrite', () => {
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
    expect(toast).toHaveTextContent('Conflicts with other records');
    expect(toast).toHaveTextContent('The plan is running already.');
    expectCodeBehindDetails(toast, 'CONFLICT');
    expect(screen.getByText('Result: false')).toBeInTheDocument();
    expect(screen.getByText('Plan: Plan read 1')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('is pending while the call runs', async () => {
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

  it('keeps a failure in place for a ServerErrorAlert when asked, without a toast, and clears it on the next run', async () => {
    let status = 409;
    stubFetch(() => ({ status, body: envelope(status === 409 ? 'CONFLICT' : 'SUCCESS', null, status === 409 ? 'The plan is running already.' : 'Runs.') }));
    function InPlaceForm() {
      const { run, error } = useApiWrite({ success: false, failure: 'inPlace' });
      return (
        <>
          <ServerErrorAlert error={error} />
          <button onClick={() => run(() => httpClient.post<null>('/plans/5/run'))}>send</button>
        </>
      );
    }
    render(
      <TestMemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <InPlaceForm />
          <ConsoleNotification />
        </AdminContext>
      </TestMemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText(/The plan is running already\./)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    status = 200;
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(screen.queryByText(/The plan is running already\./)).not.toBeInTheDocument());
    expect(screen.queryByText('Runs.')).not.toBeInTheDocument();
  });

  it('follows the progress a call reports while it runs (an upload), and forgets it once the call is done', async () => {
    let finish!: () => void;
    function Sender() {
      const { run, pending, progress } = useApiWrite({ success: false });
      const send = () =>
        run(async (_api, onProgress) => {
          onProgress(0.4);
          await new Promise<void>((resolve) => (finish = resolve));
          return { result: 'SUCCESS', resultMessage: '', data: null };
        });
      return (
        <>
          <p>{pending ? `Sent ${progress ?? 0}` : 'Idle'}</p>
          <p>Progress: {String(progress)}</p>
          <button onClick={send}>send</button>
        </>
      );
    }
    render(
      <TestMemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <Sender />
        </AdminContext>
      </TestMemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('Sent 0.4')).toBeInTheDocument();
    finish();
    expect(await screen.findByText('Idle')).toBeInTheDocument();
    expect(screen.getByText('Progress: undefined')).toBeInTheDocument();
  });
});

describe('useApiRead', () => {
  it("reads a data-provider method's data under its key, shared by every screen that asks", async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { totalLoginCount: 3 }) }));
    function Reader() {
      const { data } = useApiRead(['stats'], (api) => api.getAccessStats({}));
      return <p>Sign-ins: {data?.totalLoginCount ?? '…'}</p>;
    }
    render(
      <TestMemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <Reader />
          <Reader />
        </AdminContext>
      </TestMemoryRouter>,
    );
    expect(await screen.findAllByText('Sign-ins: 3')).toHaveLength(2);
    expect(calls.map((call) => call.url)).toEqual(['/api/access-history/stats']);
  });

  it('cancels a read that took the signal once its key moves on (the reader asked for something newer), and shows the newer answer', async () => {
    const { fetchStub } = stubFetch((call) => (call.url.endsWith('/first') ? new Promise<StubAnswer>(() => {}) : { body: envelope('SUCCESS', { subject: 'Second', html: '' }) }));
    function Preview() {
      const [name, setName] = useState('first');
      const { data } = useApiRead(['preview', name], (api, { signal }) => api.renderMail(`/previews/${name}`, {}, signal), { retry: false });
      return (
        <>
          <p>Subject: {data?.subject ?? '…'}</p>
          <button onClick={() => setName('second')}>second</button>
        </>
      );
    }
    render(
      <TestMemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <Preview />
        </AdminContext>
      </TestMemoryRouter>,
    );
    await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));
    const firstSignal = (fetchStub.mock.calls[0][1] as RequestInit).signal!;
    expect(firstSignal.aborted).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Subject: Second')).toBeInTheDocument();
    expect(firstSignal.aborted).toBe(true);
  });
});
