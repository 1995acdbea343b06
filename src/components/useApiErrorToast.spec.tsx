import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, DeleteButton, RecordContextProvider, ResourceContextProvider, TestMemoryRouter, useDelete } from 'react-admin';
import { ConsoleNotification } from '../layout/ConsoleNotification';
import { dataProvider } from '../providers/dataProvider';
import { request } from '../providers/httpClient';
import { i18nProvider } from '../providers/i18nProvider';
import { envelope, stubFetch } from '../testing/fetchStub';
import { useApiErrorToast } from './useApiErrorToast';
import { expectCodeBehindDetails } from '../testing/errorDetails';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Deletes plan 5 through react-admin (as the project screens do), through httpClient, or through
 * react-admin's own DeleteButton (whose failure react-admin notifies itself), and toasts the failure.
 */
function DeleteButtons() {
  const showError = useApiErrorToast();
  const [remove] = useDelete();
  return (
    <>
      <button onClick={() => remove('plans', { id: 5, previousData: { id: 5 } }, { mutationMode: 'pessimistic', onError: showError })}>through react-admin</button>
      <button onClick={() => request('/plans/5', { method: 'DELETE' }).catch(showError)}>through httpClient</button>
      <ResourceContextProvider value="plans">
        <RecordContextProvider value={{ id: 5 }}>
          <DeleteButton mutationMode="pessimistic" confirmTitle="Delete plan?" label="through react-admin's button" />
        </RecordContextProvider>
      </ResourceContextProvider>
    </>
  );
}

/** Presses a delete button, confirming when react-admin's button asks first. */
async function press(way: string) {
  await userEvent.click(screen.getByRole('button', { name: way }));
  if (way === "through react-admin's button") await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
}

function renderButtons() {
  render(
    <TestMemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <DeleteButtons />
        <ConsoleNotification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const ways = ['through react-admin', 'through httpClient', "through react-admin's button"];

describe('useApiErrorToast and ConsoleNotification', () => {
  it.each(ways)('titles a server failure with its result in words, the code behind Details, %s', async (way) => {
    stubFetch(() => ({ status: 403, body: envelope('FORBIDDEN', null, 'Only editors change plans.') }));
    renderButtons();
    await press(way);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Not allowed')).toBeInTheDocument();
    expect(within(toast).getByText('Only editors change plans.')).toBeInTheDocument();
    expectCodeBehindDetails(toast, 'FORBIDDEN');
    expect(within(toast).queryByText(/^FORBIDDEN/)).not.toBeInTheDocument();
  });

  it.each(ways)('titles a failure without an answer with its client error code in words, %s', async (way) => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderButtons();
    await press(way);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Network error')).toBeInTheDocument();
    // The browser's own English is for support: the reader gets what it means, in their language.
    expect(within(toast).getByText('The server could not be reached. Check the connection and try again.')).toBeInTheDocument();
    expect(within(toast).queryByText(/Network Error/)).not.toBeInTheDocument();
    expectCodeBehindDetails(toast, 'ERR_NETWORK');
    expect(within(toast).getByText('Browser message: Network Error')).toBeInTheDocument();
  });

  it('titles a result code nobody named as the Generic Error, keeping the code for support', async () => {
    stubFetch(() => ({ status: 418, body: envelope('TEAPOT', null, 'Short and stout.') }));
    renderButtons();
    await press("through react-admin's button");
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Generic Error')).toBeInTheDocument();
    expectCodeBehindDetails(toast, 'TEAPOT');
  });
});
