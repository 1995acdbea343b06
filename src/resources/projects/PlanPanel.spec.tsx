import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { ConsoleNotification } from '../../layout/ConsoleNotification';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { UNDO_WINDOW_MS } from '../../shared/constants';
import { PlanPanel } from './PlanPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PLAN = { id: 3, projectId: 9, title: 'Spring launch', description: '', dataType: 'MEDIA', createdBy: 'Kim', createdAt: '2026-12-01T00:00:00Z', updatedBy: null, updatedAt: null };

/** A server holding one plan, which lists it until a DELETE takes it. */
function server() {
  let held = true;
  return stubFetch((call) => {
    if (call.method === 'DELETE') {
      held = false;
      return { body: envelope('SUCCESS', null) };
    }
    return { body: envelope('SUCCESS', { list: held ? [PLAN] : [], totalCount: held ? 1 : 0 }) };
  });
}

async function deleteThePlan() {
  render(
    <TestMemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <PlanPanel projectId={9} canEdit />
        <ConsoleNotification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring launch' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('The plan is removed from the project.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await screen.findByText('The plan has been deleted.');
  expect(screen.queryByText('Spring launch')).not.toBeInTheDocument();
}

const deletes = <Call extends { method: string }>(calls: Call[]) => calls.filter((call) => call.method === 'DELETE');

describe("a project's plan deleted with Undo", () => {
  it('comes back on Undo and nothing is sent', async () => {
    const { calls } = server();
    await deleteThePlan();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Spring launch')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, UNDO_WINDOW_MS + 1000)));
    expect(deletes(calls)).toEqual([]);
  }, 20_000);

  it('is deleted on the server once the notice closes', async () => {
    const { calls } = server();
    await deleteThePlan();
    await waitFor(() => expect(deletes(calls)).toHaveLength(1), { timeout: UNDO_WINDOW_MS + 1500 });
    expect(deletes(calls)[0].url).toMatch(/\/plans\/3$/);
    expect(screen.queryByText('Spring launch')).not.toBeInTheDocument();
  }, 20_000);
});
