import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, TestMemoryRouter, useDelete } from 'react-admin';
import { dataProvider } from '../providers/dataProvider';
import { request } from '../providers/httpClient';
import { i18nProvider } from '../providers/i18nProvider';
import { envelope, stubFetch } from '../testing/fetchStub';
import { useApiErrorToast } from './useApiErrorToast';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Deletes plan 5 through react-admin (as the project screens do) or through httpClient, and toasts the failure. */
function DeleteButtons() {
  const showError = useApiErrorToast();
  const [remove] = useDelete();
  return (
    <>
      <button onClick={() => remove('plans', { id: 5, previousData: { id: 5 } }, { mutationMode: 'pessimistic', onError: showError })}>through react-admin</button>
      <button onClick={() => request('/plans/5', { method: 'DELETE' }).catch(showError)}>through httpClient</button>
    </>
  );
}

function renderButtons() {
  render(
    <TestMemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <DeleteButtons />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('useApiErrorToast', () => {
  it.each(['through react-admin', 'through httpClient'])('titles a server failure with its result, %s', async (way) => {
    stubFetch(() => ({ status: 403, body: envelope('FORBIDDEN', null, 'Only editors change plans.') }));
    renderButtons();
    await userEvent.click(screen.getByRole('button', { name: way }));
    expect(await screen.findByText('FORBIDDEN: Only editors change plans.')).toBeInTheDocument();
  });

  it.each(['through react-admin', 'through httpClient'])('titles a failure without an answer with its client error code, %s', async (way) => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderButtons();
    await userEvent.click(screen.getByRole('button', { name: way }));
    expect(await screen.findByText('ERR_NETWORK: Network Error')).toBeInTheDocument();
  });
});
