import '@testing-library/jest-dom/vitest';
import { Suspense, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, ResourceDefinitionContextProvider, TestMemoryRouter, type DataProvider } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { consoleActions } from '../providers/consoleActions';
import { stubFetch } from '../testing/fetchStub';
import { consoleResources } from './registry';
import { ConsoleList } from './ConsoleList';
import { UserList } from './users/UserList';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * Values a spreadsheet would run, typed into fields every list shows (a name at sign-up, a domain's
 * description); the first also holds a semicolon, where a spreadsheet set to `;` would split it.
 */
const FORMULAS = ["=1;=cmd|' /C calc'!A0", '+1', '-2', '@SUM(A1)'];
const hostile = (id: number) => ({
  id,
  name: FORMULAS[0],
  email: FORMULAS[1],
  company: FORMULAS[2],
  domain: FORMULAS[3],
  description: FORMULAS[0],
  title: FORMULAS[1],
  code: FORMULAS[2],
  endPoint: FORMULAS[3],
  procedure: FORMULAS[0],
  metricName: FORMULAS[1],
  platform: FORMULAS[2],
  type: FORMULAS[3],
  lastLoginAt: '2026-11-28T00:58:30.340Z',
});

// The lists' own calls (retention settings, code tables) go through the real actions to the stubbed fetch.
const dataProvider = {
  ...consoleActions,
  getList: async () => ({ data: [hostile(1), hostile(2)], total: 2 }),
  getMany: async () => ({ data: [hostile(1)] }),
  getManyReference: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: hostile(1) }),
} as unknown as DataProvider;

/** What the server's export answers (its cells are checked in tests/api/list-exports.spec.ts). */
const SERVER_CSV = "\uFEFFE-mail,Name\r\nann@example.com,'=1\r\n";

/** The CSV texts the lists hand to the browser's download (react-admin's downloadCSV makes a Blob URL of each). */
let downloads: Blob[];
/** The file names the downloads were given (the link downloadCSV clicks). */
let names: string[];
let calls: ReturnType<typeof stubFetch>['calls'];
beforeEach(() => {
  downloads = [];
  names = [];
  // jsdom makes no Blob URLs; react-admin's downloadCSV makes one of each export, which is where the test reads it.
  URL.createObjectURL = (blob: Blob) => (downloads.push(blob), 'blob:export');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  // A list's export answers the server's CSV; code tables some lists load through their own calls: an empty answer.
  ({ calls } = stubFetch((call) =>
    /\/export\?/.test(call.url)
      ? {
          body: SERVER_CSV,
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="Users 2026-12-02 0930.csv"; filename*=UTF-8''Users%202026-12-02%200930.csv` },
        }
      : { body: { result: 'SUCCESS', resultMessage: 'Success', data: [] } },
  ));
});

/** The views each resource declares, as App's <Resource> entries register them. */
const definitions = Object.fromEntries(
  consoleResources.map((resource) => [resource.name, { name: resource.name, hasList: true, hasCreate: Boolean(resource.create), hasEdit: Boolean(resource.edit), hasShow: Boolean(resource.show) }]),
);

function renderList(name: string, list: ReactElement, path = '/') {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <ResourceContextProvider value={name}>
            <Suspense fallback={null}>{list}</Suspense>
          </ResourceContextProvider>
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/** Clicks Export, then the format in its menu, and answers the text it downloads. */
async function exported(format: RegExp = /^csv$/i): Promise<string> {
  await userEvent.click(await screen.findByRole('button', { name: /export/i }));
  await userEvent.click(await screen.findByRole('menuitem', { name: format }));
  await waitFor(() => expect(downloads).toHaveLength(1));
  return textOf(downloads[0]);
}

/** The export calls made to the server: the list's own route, GET <resource>/export. */
const exportCalls = () =>
  calls.filter((call) => call.method === 'GET' && /\/api\/[\w-]+\/export\?/.test(call.url)).map((call) => ({ ...call, query: new URL(call.url, 'http://console').searchParams }));

/** A download's text as its bytes are, byte order mark included (Blob.text() would drop it). */
async function textOf(blob: Blob): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
}

describe('list exports', () => {
  it('asks the server for the list as the screen shows it: its shown columns in order, its filter and sort, the reader’s zone and language', async () => {
    renderList('users', <UserList />, '/user/users?filter=%7B%22statusCode%22%3A%22ACTIVE%22%7D');
    await screen.findAllByText(FORMULAS[0]);
    const csv = await exported();
    expect(csv).toBe(SERVER_CSV);
    const [call] = exportCalls();
    expect(call.url).toMatch(/^\/api\/users\/export\?/);
    expect(call.query.get('format')).toBe('csv');
    // Company, Region and Approver are hidden until the person shows them (UserList's lessUsedColumns).
    expect(call.query.get('columns')).toBe('email,name,country,adminLevel,statusCode,approvalStatusCode,lastLoginAt');
    expect(JSON.parse(call.query.get('filter')!)).toEqual({ statusCode: 'ACTIVE' });
    expect(JSON.parse(call.query.get('sort')!)).toEqual(['createdAt', 'DESC']);
    expect(call.headers['X-Time-Zone']).toBeTruthy();
    // Named as the server names it (Content-Disposition), by the one export rule.
    expect(names).toEqual(['Users 2026-12-02 0930.csv']);
  });

  it('offers XLSX beside CSV', async () => {
    renderList('users', <UserList />, '/user/users');
    await screen.findAllByText(FORMULAS[0]);
    await exported(/xlsx/i);
    expect(exportCalls()[0].query.get('format')).toBe('xlsx');
  });

  it('is the server’s export in every list of the registry that offers Export; none offers Create without a create view', async () => {
    const exporting: string[] = [];
    for (const resource of consoleResources) {
      const List = resource.list;
      const view = renderList(resource.name, <List />, resource.listPath);
      await waitFor(() => expect(view.container.querySelector('.RaList-main, .RaList-content, table, .MuiCard-root')).not.toBeNull(), { timeout: 20_000 });
      // No button leads nowhere: a list offers Create only where its resource has a create view.
      if (!resource.create)
        expect(screen.queryByRole('button', { name: /^create$/i }) ?? screen.queryByRole('link', { name: /^create$/i }), `${resource.name} offers Create without a create view`).toBeNull();
      const button = screen.queryByRole('button', { name: /export/i });
      if (button) {
        downloads = [];
        names = [];
        calls.length = 0;
        await userEvent.click(button);
        // The logs are exported by their own signed link (a POST, then the browser's download).
        const signedExport = () => calls.some((call) => call.method === 'POST' && call.url.endsWith(`/${resource.name}/export`));
        const menu = screen.queryByRole('menuitem', { name: /^csv$/i });
        if (menu) await userEvent.click(menu);
        await waitFor(() => expect(downloads.length > 0 || signedExport(), resource.name).toBe(true));
        if (signedExport()) exporting.push(`${resource.name} (signed)`);
        else {
          expect(exportCalls()[0]?.url, resource.name).toMatch(new RegExp(`^/api/${resource.name}/export\\?`));
          exporting.push(resource.name);
        }
        await userEvent.keyboard('{Escape}');
      }
      view.unmount();
    }
    expect(exporting).toEqual(expect.arrayContaining(['users', 'domains', 'system-logs (signed)']));
  });

  it('is the default of ConsoleList, and exporter={false} still turns it off', async () => {
    renderList(
      'domains',
      <ConsoleList resource="domains">
        <span>rows</span>
      </ConsoleList>,
    );
    expect(await exported()).toBe(SERVER_CSV);
    expect(exportCalls()[0].url).toMatch(/^\/api\/domains\/export\?/);
    cleanup();
    renderList(
      'domains',
      <ConsoleList resource="domains" exporter={false}>
        <span>rows</span>
      </ConsoleList>,
    );
    await screen.findByText('rows');
    expect(screen.queryByRole('button', { name: /export/i })).toBeNull();
  });
});
