import '@testing-library/jest-dom/vitest';
import { Suspense, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, ResourceDefinitionContextProvider, TestMemoryRouter, memoryStore, type DataProvider, type Store } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { consoleActions } from '../providers/consoleActions';
import { stubFetch } from '../testing/fetchStub';
import { consoleResources, resourceNamed } from './registry';
import { DomainList } from './domains/DomainList';
import { checkedListState, withoutUnknownFilters } from './viewFilters';
import { loadDeclarations } from './declarations';
import { isListPreferenceKey } from '../providers/preferenceStore';
import { kindOf, propertyListStoreKey } from './properties/propertyListPath';
import type { ListFilterDeclaration } from '../shared/resources/define';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18nProvider.changeLocale('en');
});

const domain = (id: number) => ({ id, domain: `d${id}.example`, description: 'A domain', activeFlag: 'Y', updatedAt: '2026-11-28T00:58:30.340Z', createdAt: '2026-11-28T00:58:30.340Z' });
let listCalls: { resource: string; filter: unknown; sort?: unknown; pagination?: { page: number; perPage: number } }[];
/** What a list page answers: two domains, or nothing (a list of another shape would draw them wrong). */
let rows: ReturnType<typeof domain>[];
const dataProvider = {
  ...consoleActions,
  getList: async (resource: string, params: { filter: unknown; sort: unknown; pagination: { page: number; perPage: number } }) => {
    listCalls.push({ resource, filter: params.filter, sort: params.sort, pagination: params.pagination });
    return { data: rows, total: rows.length };
  },
  getMany: async () => ({ data: [] }),
  getManyReference: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: domain(1) }),
} as unknown as DataProvider;

/** The Allowed Domains list's screen, as the registry places it. */
const DOMAINS_PATH = resourceNamed('domains').listPath;

let store: Store;
beforeEach(() => {
  listCalls = [];
  rows = [domain(1), domain(2)];
  store = memoryStore();
  // The lists' own calls beside their page (a board's counts, code tables) stay unanswered: this is about the toolbar.
  stubFetch(() => new Promise(() => undefined));
});

const definitions = Object.fromEntries(
  consoleResources.map((resource) => [resource.name, { name: resource.name, hasList: true, hasCreate: Boolean(resource.create), hasEdit: Boolean(resource.edit), hasShow: Boolean(resource.show) }]),
);

function renderList(name: string, list: ReactElement, path = '/') {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={store}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <ResourceContextProvider value={name}>
            <Suspense fallback={null}>{list}</Suspense>
          </ResourceContextProvider>
        </ResourceDefinitionContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/** A value a declared filter accepts. */
function valueFor(filter: ListFilterDeclaration): unknown {
  if (!('type' in filter)) return '2026-01-01';
  if (filter.values) return Object.keys(filter.values)[0];
  return filter.type === 'integer' ? 1 : 'x';
}

describe('saved views and chosen columns', () => {
  it('are offered by every list of the registry, once each, and every filter a list offers is one a view keeps', async () => {
    // No rows, under a search, so each list shows its toolbar over "no results" rather than its empty page.
    rows = [];
    let filtersSeen = 0;
    for (const resource of consoleResources) {
      const List = resource.list;
      const view = renderList(resource.name, <List />, `${resource.listPath}?filter=${encodeURIComponent(JSON.stringify({ q: 'none' }))}`);
      await waitFor(() => expect(view.container.querySelector('.RaList-main')).not.toBeNull(), { timeout: 20_000 });
      expect(screen.getAllByRole('button', { name: 'Views' }), resource.name).toHaveLength(1);
      expect(screen.getAllByRole('button', { name: 'Columns' }), resource.name).toHaveLength(1);
      // Every filter the list offers is one its declaration allows: a view of today's filters opens whole.
      const sources = new Set([...view.container.querySelectorAll('[data-source]')].map((input) => input.getAttribute('data-source')!));
      const addFilter = screen.queryByRole('button', { name: 'Add filter' });
      if (addFilter) {
        await userEvent.click(addFilter);
        for (const item of document.querySelectorAll('.new-filter-item[data-key]')) sources.add(item.getAttribute('data-key')!);
        await userEvent.keyboard('{Escape}');
      }
      sources.delete('console-filter-submit');
      filtersSeen += sources.size;
      const declared = (await loadDeclarations()).find((declaration) => declaration.name === resource.name)?.list.filters ?? {};
      const { dropped } = await withoutUnknownFilters(resource.name, Object.fromEntries([...sources].map((source) => [source, declared[source] ? valueFor(declared[source]) : 'x'])));
      expect(dropped, resource.name).toEqual([]);
      expect(view.container.querySelector('.RaList-main'), `${resource.name} still drawn`).not.toBeNull();
      view.unmount();
    }
    // The filters were read from the lists, not missed: the lists offer dozens between them.
    expect(filtersSeen).toBeGreaterThan(30);
  });

  it('saves the current filters, sort and hidden columns under a name, from the keyboard, and opens the view again', async () => {
    const user = userEvent.setup();
    renderList('domains', <DomainList />, `${DOMAINS_PATH}?filter=%7B%22activeFlag%22%3A%22N%22%7D`);
    await screen.findByText('d1.example');

    // Hide a column with the keyboard: Columns, then the column's switch.
    screen.getByRole('button', { name: 'Columns' }).focus();
    await user.keyboard('{Enter}');
    const description = await screen.findByLabelText(/description/i);
    description.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(store.getItem('domains.datatable')).toEqual(['description']));
    await user.keyboard('{Escape}');

    screen.getByRole('button', { name: 'Views' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('No saved views yet')).toBeInTheDocument();
    within(menu).getByRole('menuitem', { name: 'Save current view…' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('Inactive only{Enter}');
    await waitFor(() => expect(store.getItem('domains.savedQueries')).toHaveLength(1));
    expect(store.getItem('domains.savedQueries')[0]).toMatchObject({
      label: 'Inactive only',
      value: { filter: { activeFlag: 'N' }, sort: { field: 'domain', order: 'ASC' }, perPage: 10, columns: { hidden: ['description'] } },
    });

    // Another state, then the view again: its filter and columns come back.
    store.setItem('domains.datatable', []);
    screen.getByRole('button', { name: 'Views' }).focus();
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Inactive only' }));
    await waitFor(() => expect(store.getItem('domains.datatable')).toEqual(['description']));
    await waitFor(() => expect(listCalls.at(-1)?.filter).toEqual({ activeFlag: 'N' }));
  });

  it('opens a view whose filter names a field the list no longer allows without it, and says so in words', async () => {
    store.setItem('domains.savedQueries', [
      { label: 'Old view', value: { filter: { activeFlag: 'Y', regionCode: 'APAC' }, sort: { field: 'domain', order: 'ASC' }, perPage: 10, displayedFilters: {} } },
    ]);
    const user = userEvent.setup();
    renderList('domains', <DomainList />, DOMAINS_PATH);
    await screen.findByText('d1.example');
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Old view' }));
    expect(await screen.findByText('The view “Old view” opened without its filter by regionCode: this list can no longer be filtered by it.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls.at(-1)?.filter).toEqual({ activeFlag: 'Y' }));
    expect(listCalls.some((call) => JSON.stringify(call.filter).includes('regionCode'))).toBe(false);
  });

  it('renames and deletes the view the list shows', async () => {
    store.setItem('domains.savedQueries', [{ label: 'Active', value: { filter: {}, sort: { field: 'domain', order: 'ASC' }, perPage: 10, displayedFilters: {} } }]);
    const user = userEvent.setup();
    renderList('domains', <DomainList />, DOMAINS_PATH);
    await screen.findByText('d1.example');
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Rename “Active”…' }));
    const name = await screen.findByRole('textbox', { name: /view name/i });
    await user.clear(name);
    await user.type(name, 'Everything{Enter}');
    await waitFor(() => expect(store.getItem('domains.savedQueries').map((view: { label: string }) => view.label)).toEqual(['Everything']));
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete “Everything”…' }));
    await user.click(await screen.findByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(store.getItem('domains.savedQueries')).toEqual([]));
  });

  it('are named in Korean for a Korean reader', async () => {
    await i18nProvider.changeLocale('ko');
    const user = userEvent.setup();
    renderList('domains', <DomainList />, DOMAINS_PATH);
    await screen.findByText('d1.example');
    expect(screen.getByRole('button', { name: '열' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '보기' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: '현재 보기 저장…' })).toBeInTheDocument();
  });
});

describe("a list's last state", () => {
  it('opens every declared list, without a query, as the person left it: filters, sort and page size, less a filter it no longer offers, said in words; kept where the server keeps it', async () => {
    // No rows: a list of another shape would draw the domains wrong.
    rows = [];
    const declarations = await loadDeclarations();
    let opened = 0;
    for (const resource of consoleResources) {
      const declaration = declarations.find((one) => one.name === resource.name);
      if (!declaration) continue;
      // The project properties keep a state for each tab; the list opens on its first.
      const key = resource.name === 'properties' ? propertyListStoreKey(kindOf(null)) : `${resource.name}.listParams`;
      expect(isListPreferenceKey(key), key).toBe(true);
      const [name, filter] = Object.entries(declaration.list.filters).find(([field]) => field !== 'kind' && field !== 'id') ?? Object.entries(declaration.list.filters)[0]!;
      const sort = declaration.list.sortable.at(-1)!;
      listCalls = [];
      store = memoryStore();
      store.setItem(key, { filter: { [name]: valueFor(filter!), goneField: 'x' }, displayedFilters: { [name]: true, goneField: true }, sort, order: 'DESC', perPage: 25, page: 1 });
      const List = resource.list;
      const view = renderList(resource.name, <List />, resource.listPath);
      await waitFor(
        () =>
          expect(
            listCalls.find((call) => call.resource === resource.name),
            resource.name,
          ).toBeDefined(),
        { timeout: 20_000 },
      );
      const call = listCalls.find((one) => one.resource === resource.name)!;
      expect(call.filter, resource.name).toMatchObject({ [name]: valueFor(filter!) });
      expect(call.filter, resource.name).not.toHaveProperty('goneField');
      expect(call.sort, resource.name).toEqual({ field: sort, order: 'DESC' });
      expect(call.pagination?.perPage, resource.name).toBe(25);
      // No request ever named the filter the list no longer offers.
      expect(
        listCalls.some((one) => JSON.stringify(one.filter).includes('goneField')),
        resource.name,
      ).toBe(false);
      expect(await screen.findByText(/^The list opened as you last left it, but without its filter by goneField:/, undefined, { timeout: 10_000 }), resource.name).toBeInTheDocument();
      view.unmount();
      opened += 1;
    }
    expect(opened).toBeGreaterThan(10);
  });

  it('drops a sort field the list no longer sorts by (it opens in its own order), and follows the query of a link over the last state', async () => {
    store.setItem('domains.listParams', { filter: { q: 'kr' }, sort: 'regionCode', order: 'DESC', perPage: 25 });
    const view = renderList('domains', <DomainList />, DOMAINS_PATH);
    await screen.findByText('d1.example');
    expect(listCalls.at(-1)).toMatchObject({ filter: { q: 'kr' }, sort: { field: 'domain', order: 'ASC' }, pagination: { perPage: 25 } });
    expect(listCalls.some((call) => JSON.stringify(call).includes('regionCode'))).toBe(false);
    view.unmount();

    listCalls = [];
    renderList('domains', <DomainList />, `${DOMAINS_PATH}?filter=${encodeURIComponent(JSON.stringify({ activeFlag: 'Y' }))}`);
    await screen.findByText('d1.example');
    expect(listCalls.at(-1)?.filter).toEqual({ activeFlag: 'Y' });
  });

  it('drops a value a filter no longer has, where the filter names its values', async () => {
    const checked = await checkedListState('access-history', { filter: { success: 'MAYBE', eventType: 'SIGN_IN' }, displayedFilters: { success: true }, sort: 'occurredAt', order: 'DESC' });
    expect(checked).toEqual({ state: { filter: { eventType: 'SIGN_IN' }, displayedFilters: {}, sort: 'occurredAt', order: 'DESC' }, dropped: ['success'], changed: true });
    expect((await checkedListState('access-history', { filter: { success: 'N' }, sort: 'occurredAt' })).changed).toBe(false);
  });

  it('says so in Korean for a Korean reader', async () => {
    await i18nProvider.changeLocale('ko');
    store.setItem('domains.listParams', { filter: { regionCode: 'APAC' }, sort: 'domain', order: 'ASC', perPage: 10 });
    renderList('domains', <DomainList />, DOMAINS_PATH);
    expect(await screen.findByText(/^목록을 마지막으로 보던 상태로 열었지만 regionCode 필터는 뺐습니다/)).toBeInTheDocument();
  });
});
