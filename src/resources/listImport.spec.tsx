import '@testing-library/jest-dom/vitest';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, ResourceContextProvider, ResourceDefinitionContextProvider, TestMemoryRouter, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { consoleActions } from '../providers/consoleActions';
import { stubFetch } from '../testing/fetchStub';
import { operationsOf, type ResourceDeclaration } from '../shared/resources/define';
import { consoleResources } from './registry';

/** Every declaration, found by folder (as the server and the browser find theirs), not named by hand. */
const declarations = Object.values(import.meta.glob<Record<string, unknown>>('../shared/resources/*.ts', { eager: true })).flatMap((exports) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Resource') && name !== 'declareResource')
    .map(([, declaration]) => declaration as ResourceDeclaration),
);
/** The declarations with a list of their own in the console (the others are served to another resource's screens). */
const listed = declarations.flatMap((declaration) => {
  const resource = consoleResources.find(({ name }) => name === declaration.name);
  return resource ? [{ declaration, resource }] : [];
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18nProvider.changeLocale('en');
});
beforeEach(() => {
  // The lists' own calls beside their page (a board's counts, code tables) stay unanswered: this is about the toolbar.
  stubFetch(() => new Promise(() => undefined));
});

const dataProvider = {
  ...consoleActions,
  getList: async () => ({ data: [], total: 0 }),
  getMany: async () => ({ data: [] }),
  getManyReference: async () => ({ data: [], total: 0 }),
} as unknown as DataProvider;
const authProviderAt = (rank: number): AuthProvider => ({
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  getPermissions: async () => ({ rank, level: 'NORMAL', authorities: [] }),
});
const definitions = Object.fromEntries(
  consoleResources.map((resource) => [resource.name, { name: resource.name, hasList: true, hasCreate: Boolean(resource.create), hasEdit: Boolean(resource.edit), hasShow: Boolean(resource.show) }]),
);

/** Draws a resource's own list at `rank` and waits until its declaration and the rank are known, so an Import not shown is one decided against. */
async function renderListAt(entry: (typeof listed)[number], rank: number) {
  const queryClient = new QueryClient();
  const List = entry.resource.list;
  const view = render(
    <TestMemoryRouter initialEntries={[`${entry.resource.listPath}?filter=${encodeURIComponent(JSON.stringify({ q: 'none' }))}`]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProviderAt(rank)} i18nProvider={i18nProvider} store={memoryStore()} queryClient={queryClient}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <ResourceContextProvider value={entry.resource.name}>
            <Suspense fallback={null}>
              <List />
            </Suspense>
          </ResourceContextProvider>
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  const settled = (key: string) => queryClient.getQueryCache().findAll({ predicate: (query) => query.queryKey.includes(key) && query.state.status === 'success' }).length > 0;
  await waitFor(() => expect(view.container.querySelector('.RaList-main'), entry.resource.name).not.toBeNull(), { timeout: 20_000 });
  await screen.findByRole('button', { name: 'Views' }, { timeout: 10_000 });
  await waitFor(() => expect(settled('getPermissions'), entry.resource.name).toBe(true), { timeout: 10_000 });
  return view;
}

describe('Import on a list', () => {
  it('is declared by more than one listed resource, each with a create', () => {
    const importable = listed.filter(({ declaration }) => declaration.importable);
    expect(importable.length).toBeGreaterThanOrEqual(3);
    // A declaration made importable is listed in the console, or no one could import into it.
    expect(declarations.filter((declaration) => declaration.importable && !listed.some((entry) => entry.declaration === declaration)).map(({ name }) => name)).toEqual([]);
    for (const { declaration, resource } of importable) expect(operationsOf(declaration).includes('create') && resource.create !== undefined, declaration.name).toBe(true);
  });

  it('shows on the list of every importable declaration to a rank that may create, and never on the others', async () => {
    let shown = 0;
    for (const entry of listed) {
      const view = await renderListAt(entry, entry.declaration.rank.write);
      if (entry.declaration.importable) {
        expect(await screen.findByRole('button', { name: 'Import' }, { timeout: 10_000 }), entry.declaration.name).toBeInTheDocument();
        shown += 1;
      } else {
        // Settled as the importable lists were when theirs showed: a button not there now is not coming.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(screen.queryByRole('button', { name: 'Import' }), entry.declaration.name).toBeNull();
      }
      view.unmount();
    }
    expect(shown).toBe(listed.filter(({ declaration }) => declaration.importable).length);
  }, 240_000);

  it('is not shown to the rank below the one that creates', async () => {
    for (const entry of listed.filter(({ declaration }) => declaration.importable)) {
      const view = await renderListAt(entry, entry.declaration.rank.write + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('button', { name: 'Import' }), entry.declaration.name).toBeNull();
      view.unmount();
    }
  }, 120_000);
});
