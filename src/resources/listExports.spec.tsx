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
  // Code tables some lists load through their own calls: an empty answer.
  ({ calls } = stubFetch(() => ({ body: { result: 'SUCCESS', resultMessage: 'Success', data: [] } })));
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

/** Clicks Export and answers the CSV text it downloads. */
async function exported(): Promise<string> {
  await userEvent.click(await screen.findByRole('button', { name: /export/i }));
  await waitFor(() => expect(downloads).toHaveLength(1));
  return textOf(downloads[0]);
}

/** A download's text as its bytes are, byte order mark included (Blob.text() would drop it). */
async function textOf(blob: Blob): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
}

/** The rows of a CSV text as RFC 4180 reads them (quoted cells may hold commas, quotes and line breaks), header first. */
function rowsOf(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}
const cellsOf = (csv: string) => rowsOf(csv).slice(1).flat();
const FORMULA_START = /^\s*[=+\-@\t\r\0]/;

describe('list exports', () => {
  it("write a formula typed into the Users list as text: each such cell starts with '", async () => {
    renderList('users', <UserList />, '/user/users');
    await screen.findAllByText(FORMULAS[0]);
    const csv = await exported();
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = rowsOf(csv);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row[header.indexOf('Name')]).toBe(`'${FORMULAS[0]}`);
      expect(row[header.indexOf('E-mail')]).toBe(`'${FORMULAS[1]}`);
      expect(row[header.indexOf('Company')]).toBe(`'${FORMULAS[2]}`);
      expect(row[header.indexOf('domain')]).toBe(`'${FORMULAS[3]}`);
    }
  });

  it("writes headers in the list's words and times in the reader's zone, named in the header", async () => {
    const zoneBefore = process.env.TZ;
    process.env.TZ = 'Asia/Seoul';
    try {
      renderList('users', <UserList />, '/user/users');
      await screen.findAllByText(FORMULAS[0]);
      const [header, ...rows] = rowsOf(await exported());
      expect(header).toEqual(expect.arrayContaining(['ID', 'Name', 'E-mail', 'Last sign-in (Asia/Seoul)']));
      expect(rows.map((row) => row[header.indexOf('Last sign-in (Asia/Seoul)')])).toEqual(['2026-11-28 09:58', '2026-11-28 09:58']);
      expect(rows.flat().join()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    } finally {
      process.env.TZ = zoneBefore;
    }
  });

  it('is the console exporter, named by the export rule, in every list of the registry that offers Export; none offers Create without a create view', async () => {
    const exporting: string[] = [];
    for (const resource of consoleResources) {
      const List = resource.list;
      const view = renderList(resource.name, <List />, resource.listPath);
      await waitFor(() => expect(view.container.querySelector('.RaList-main, .RaList-content, table, .MuiCard-root')).not.toBeNull(), { timeout: 20_000 });
      // No button leads nowhere: a list offers Create only where its resource has a create view.
      if (!resource.create) expect(screen.queryByRole('link', { name: /^create$/i }), `${resource.name} offers Create without a create view`).toBeNull();
      const button = screen.queryByRole('button', { name: /export/i });
      if (button) {
        downloads = [];
        names = [];
        calls.length = 0;
        await userEvent.click(button);
        // The system log is exported by the server (a streamed download); its cells are checked in tests/api/system-logs.spec.ts.
        const serverExport = () => calls.some((call) => call.method === 'POST' && call.url.endsWith(`/${resource.name}/export`));
        await waitFor(() => expect(downloads.length > 0 || serverExport(), resource.name).toBe(true));
        if (downloads.length === 0) {
          exporting.push(`${resource.name} (server)`);
        } else {
          const text = await textOf(downloads[0]);
          const written = cellsOf(text);
          expect(written, resource.name).toContain(`'${FORMULAS[0]}`);
          // Quoted, so a spreadsheet reads it as one cell whatever its list separator.
          expect(text, resource.name).toContain(`"'${FORMULAS[0]}"`);
          for (const cell of written) expect(FORMULA_START.test(cell), `${resource.name}: ${cell}`).toBe(false);
          // Named by the one export rule: the list's name and the minute it was made (src/shared/export-names.ts).
          const subject = i18nProvider.translate(`resources.${resource.name}.name`, { smart_count: 2 });
          expect(names, resource.name).toEqual([expect.stringMatching(new RegExp(`^${subject} \\d{4}-\\d{2}-\\d{2} \\d{4}\\.csv$`))]);
          exporting.push(resource.name);
        }
      }
      view.unmount();
    }
    // Users and Domains offer Export (SPEC); the rest may not, but none exports another way.
    expect(exporting).toEqual(expect.arrayContaining(['users', 'domains', 'system-logs (server)']));
  });

  it('is the default of ConsoleList, and exporter={false} still turns it off', async () => {
    renderList(
      'domains',
      <ConsoleList resource="domains">
        <span>rows</span>
      </ConsoleList>,
    );
    const csv = await exported();
    expect(cellsOf(csv)).toContain(`'@SUM(A1)`);
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
