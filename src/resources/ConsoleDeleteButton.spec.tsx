import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Link, ListContextProvider, ResourceContextProvider, ResourceDefinitionContextProvider, TestMemoryRouter, useGetList, useList, type RaRecord } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { ConsoleNotification } from '../layout/ConsoleNotification';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { envelope, stubFetch, type StubAnswer } from '../testing/fetchStub';
import { UNDO_WINDOW_MS } from '../shared/constants';
import domains from './domains';
import { DomainEdit } from './domains/DomainEdit';
import { ConsoleBulkDeleteButton } from './ConsoleDeleteButton';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18nProvider.changeLocale('en');
});

const ACME = { id: 7, domain: 'acme.com', description: '', activeFlag: 'Y' };
const OTHER = { id: 8, domain: 'other.org', description: '', activeFlag: 'Y' };
const WINDOW_AND_A_BIT = UNDO_WINDOW_MS + 1500;

/** The domains the server holds, as a list shows them from react-admin's cache. */
function DomainNames() {
  const { data } = useGetList('domains', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' } });
  return (
    <>
      <ul aria-label="Domains">
        {data?.map((domain: RaRecord) => (
          <li key={domain.id}>
            <Link to={`/domains/${domain.id}`}>{domain.domain}</Link>
          </li>
        ))}
      </ul>
      <Link to="/elsewhere">Another screen</Link>
    </>
  );
}

/** A server holding ACME and OTHER: it lists and answers what it still has, and forgets what a DELETE took (or refuses it). */
function server(refuseDelete?: StubAnswer) {
  const held = new Map<number, typeof ACME>([
    [ACME.id, ACME],
    [OTHER.id, OTHER],
  ]);
  return stubFetch((call) => {
    const id = Number(/\/domains\/(\d+)/.exec(call.url)?.[1]);
    if (call.method === 'DELETE') {
      if (refuseDelete) return refuseDelete;
      held.delete(id);
      return { body: envelope('SUCCESS', null) };
    }
    if (id) return { body: envelope('SUCCESS', held.get(id)), headers: { ETag: '"v3"' } };
    return { body: envelope('SUCCESS', { list: [...held.values()], totalCount: held.size }) };
  });
}

function renderConsole(path: string) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceDefinitionContextProvider definitions={{ domains: { name: 'domains', hasList: true, hasEdit: true, recordRepresentation: domains.recordRepresentation } }}>
          <ResourceContextProvider value="domains">
            <Routes>
              <Route path="/domains" element={<DomainNames />} />
              <Route path="/domains/:id" element={<DomainEdit />} />
              <Route path="/elsewhere" element={<p>Another screen shown</p>} />
            </Routes>
          </ResourceContextProvider>
          <ConsoleNotification />
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/** From the list, opens acme.com's edit screen, deletes it and confirms; the list it returns to (and fetches again) shows without it. */
async function deleteAcmeFromItsScreen() {
  renderConsole('/domains');
  await userEvent.click(await screen.findByRole('link', { name: 'acme.com' }));
  await screen.findByDisplayValue('acme.com');
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('acme.com');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  const list = await screen.findByRole('list', { name: 'Domains' });
  await waitFor(() => expect(list).toHaveTextContent('other.org'));
  expect(list).not.toHaveTextContent('acme.com');
  return list;
}

const deletes = (calls: { method: string }[]) => calls.filter((call) => call.method === 'DELETE');

describe('a delete asks, then offers Undo before anything is sent', () => {
  it('Undo, from the keyboard, brings the record back and sends nothing', async () => {
    const { calls } = server();
    const list = await deleteAcmeFromItsScreen();
    expect(screen.getByText('Domain deleted')).toBeInTheDocument();
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(list).toHaveTextContent('acme.com'));
    await act(() => new Promise((resolve) => setTimeout(resolve, WINDOW_AND_A_BIT)));
    expect(deletes(calls)).toEqual([]);
    expect(list).toHaveTextContent('acme.com');
  }, 20_000);

  it('sends the DELETE, naming the version it read, when the notice closes by itself', async () => {
    const { calls } = server();
    const list = await deleteAcmeFromItsScreen();
    expect(deletes(calls)).toEqual([]);
    await waitFor(() => expect(deletes(calls)).toHaveLength(1), { timeout: WINDOW_AND_A_BIT });
    expect(deletes(calls)[0]).toMatchObject({ url: expect.stringMatching(/\/domains\/7$/), headers: { 'If-Match': '"v3"' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
    expect(list).not.toHaveTextContent('acme.com');
  }, 20_000);

  it('says in words why a DELETE sent after the window was refused, and shows the record again', async () => {
    server({ status: 409, body: envelope('STALE_VERSION', null, 'acme.com was changed by Kim at 14:05; reload it and delete again.') });
    const list = await deleteAcmeFromItsScreen();
    expect(await screen.findByText(/acme\.com was changed by Kim at 14:05/, undefined, { timeout: WINDOW_AND_A_BIT })).toBeInTheDocument();
    await waitFor(() => expect(list).toHaveTextContent('acme.com'));
  }, 20_000);

  it('sends the DELETE at once when the person leaves the screen by a link', async () => {
    const { calls } = server();
    await deleteAcmeFromItsScreen();
    await userEvent.click(screen.getByRole('link', { name: 'Another screen' }));
    await screen.findByText('Another screen shown');
    await waitFor(() => expect(deletes(calls)).toHaveLength(1), { timeout: 2000 });
  }, 20_000);
});

function TwoDomainsSelected() {
  const list = useList({ data: [ACME, OTHER], resource: 'domains' });
  return (
    <ListContextProvider value={{ ...list, selectedIds: [7, 8] }}>
      <ConsoleBulkDeleteButton />
    </ListContextProvider>
  );
}

describe('a bulk delete', () => {
  it('asks, then offers Undo in Korean; undoing sends nothing', async () => {
    await i18nProvider.changeLocale('ko');
    const { calls } = server();
    render(
      <TestMemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <ResourceContextProvider value="domains">
            <TwoDomainsSelected />
          </ResourceContextProvider>
          <ConsoleNotification />
        </AdminContext>
      </TestMemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    const undo = await screen.findByRole('button', { name: '실행 취소' });
    await userEvent.click(undo);
    await act(() => new Promise((resolve) => setTimeout(resolve, WINDOW_AND_A_BIT)));
    expect(deletes(calls)).toEqual([]);
  }, 20_000);

  it('sends one DELETE per selected record once the notice closes', async () => {
    const { calls } = server();
    render(
      <TestMemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <ResourceContextProvider value="domains">
            <TwoDomainsSelected />
          </ResourceContextProvider>
          <ConsoleNotification />
        </AdminContext>
      </TestMemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(deletes(calls)).toEqual([]);
    await waitFor(() => expect(deletes(calls)).toHaveLength(2), { timeout: WINDOW_AND_A_BIT });
  }, 20_000);
});
