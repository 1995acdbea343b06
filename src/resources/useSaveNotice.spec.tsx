import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, BulkDeleteButton, ListContextProvider, ResourceContextProvider, ResourceDefinitionContextProvider, TestMemoryRouter, useList, useLocation } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { ConsoleNotification } from '../layout/ConsoleNotification';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { envelope, stubFetch } from '../testing/fetchStub';
import { save, typeInto } from '../testing/formActions';
import domains from './domains';
import { DomainCreate } from './domains/DomainCreate';
import { DomainEdit } from './domains/DomainEdit';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18nProvider.changeLocale('en');
});

const ACME = { id: 7, domain: 'acme.com', description: '', activeFlag: 'Y' };

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

function ThreeDomainsSelected() {
  const list = useList({ data: [ACME, { ...ACME, id: 8 }, { ...ACME, id: 9 }], resource: 'domains' });
  return (
    <ListContextProvider value={{ ...list, selectedIds: [7, 8, 9] }}>
      <BulkDeleteButton mutationMode="pessimistic" />
    </ListContextProvider>
  );
}

function renderAt(path: string, page: React.ReactElement) {
  stubFetch((call) => {
    if (call.method === 'POST') return { body: envelope('SUCCESS', { ...ACME, ...(call.body as object) }) };
    if (call.method === 'PUT') return { body: envelope('SUCCESS', { ...ACME, ...(call.body as object) }) };
    if (call.method === 'DELETE') return { body: envelope('SUCCESS', ACME) };
    return { body: envelope('SUCCESS', ACME) };
  });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceDefinitionContextProvider definitions={{ domains: { name: 'domains', hasList: true, hasEdit: true, recordRepresentation: domains.recordRepresentation } }}>
          <ResourceContextProvider value="domains">{page}</ResourceContextProvider>
          <CurrentPath />
          <ConsoleNotification />
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('save toasts name what happened', () => {
  it('names the added domain, then goes where the form said', async () => {
    renderAt('/domains/create', <DomainCreate />);
    typeInto('Domain', 'acme.com');
    await save();
    expect(await screen.findByText('Domain acme.com added')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/domains'));
  });

  it('names the saved domain in Korean', async () => {
    await i18nProvider.changeLocale('ko');
    renderAt(
      '/domains/7',
      <Routes>
        <Route path="/domains/:id" element={<DomainEdit />} />
      </Routes>,
    );
    await screen.findByDisplayValue('acme.com');
    fireEvent.change(screen.getByRole('textbox', { name: '설명' }), { target: { value: 'Acme staff' } });
    const saveButton = screen.getByRole('button', { name: '저장' });
    await waitFor(() => expect(saveButton).toBeEnabled());
    await userEvent.click(saveButton);
    expect(await screen.findByText('도메인 acme.com 저장됨')).toBeInTheDocument();
    expect(screen.queryByText(/요소|Element/)).not.toBeInTheDocument();
  });

  it('counts the deleted domains', async () => {
    renderAt('/domains', <ThreeDomainsSelected />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('3 domains deleted')).toBeInTheDocument();
  });
});
