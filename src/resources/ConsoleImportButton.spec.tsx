import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { ConsoleNotification } from '../layout/ConsoleNotification';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { envelope, stubFetch } from '../testing/fetchStub';
import { IMPORT_MAX_ROWS, IMPORT_MAX_XLSX_BYTES, type ImportResult } from '../shared/import';
import { ConsoleImportButton } from './ConsoleImportButton';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18nProvider.changeLocale('en');
});

const TEMPLATE = {
  fields: [
    { field: 'domain', required: true },
    { field: 'description', required: false },
    { field: 'activeFlag', required: false },
  ],
  csv: 'domain,description,activeFlag\r\n',
};
const columns = [
  { header: 'domain', field: 'domain' },
  { header: 'description', field: 'description' },
];
/** A check of two rows, the second without a domain. */
const WITH_PROBLEM: ImportResult = {
  columns,
  rows: [
    { row: 2, values: { domain: 'acme.com', description: 'Acme' }, problems: [] },
    { row: 3, values: { domain: null, description: 'No name' }, problems: [{ field: 'domain', message: 'required' }] },
  ],
  problems: [],
  created: [],
};
const GOOD: ImportResult = { ...WITH_PROBLEM, rows: [WITH_PROBLEM.rows[0]!, { row: 3, values: { domain: 'other.org', description: null }, problems: [] }] };

/** A server answering the template, each check with `checked`, and a commit with the records' ids. */
function server(checked: ImportResult) {
  return stubFetch((call) => {
    if (call.url.includes('/import-template')) return { body: envelope('SUCCESS', TEMPLATE) };
    const { commit } = call.body as { commit: boolean };
    if (commit) return { body: envelope('SUCCESS', { ...checked, created: [11, 12] }, '2 domain records have been imported.') };
    return { body: envelope('SUCCESS', checked, 'Checked.') };
  });
}

function renderButton() {
  render(
    <TestMemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="domains">
          <ConsoleImportButton />
        </ResourceContextProvider>
        <ConsoleNotification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

async function pasteAndCheck(text: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(/Domain \*, Description, Active/);
  await userEvent.click(within(dialog).getByLabelText('Or paste the table'));
  await userEvent.paste(text);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Check the rows' }));
  return dialog;
}

describe('ConsoleImportButton', () => {
  it('shows each row’s problem under its cell and creates nothing while one has a problem', async () => {
    const { calls } = server(WITH_PROBLEM);
    renderButton();
    const dialog = await pasteAndCheck('domain,description\nacme.com,Acme\n,No name\n');
    const table = await within(dialog).findByRole('table');
    const rows = within(table).getAllByRole('row');
    const headers = within(rows[0]!).getAllByRole('columnheader');
    expect([headers[0]!.textContent, headers.at(-1)!.textContent]).toEqual(['Row', 'Problems of the row']);
    // Each column's header offers the field it was matched to, by the header's words.
    expect(headers.slice(1, -1).map((cell) => within(cell).getByRole('combobox'))).toEqual([
      within(table).getByRole('combobox', { name: 'domain' }),
      within(table).getByRole('combobox', { name: 'description' }),
    ]);
    expect((within(table).getByRole('combobox', { name: 'domain' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Domain');
    const bad = within(rows[2]!).getAllByRole('cell');
    expect(bad[1]!.textContent).toBe('Required.');
    expect(bad[2]!.textContent).toBe('No name');
    expect(within(rows[1]!).queryByText('Required.')).toBeNull();
    expect(within(dialog).getByText(/1 row has one/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create 2 records' })).toHaveProperty('disabled', true);
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toEqual([expect.objectContaining({ url: expect.stringContaining('/api/domains/import'), body: { csv: 'domain,description\nacme.com,Acme\n,No name\n', commit: false } })]);
  });

  it('checks again with the field chosen for an unmatched column, its problem gone, and commits with the same choice', async () => {
    const UNMATCHED: ImportResult = {
      columns: [{ header: 'Site', field: null }, columns[1]!],
      rows: [],
      problems: [{ field: '', message: 'The column “Site” is not a field of a domain.' }],
      created: [],
    };
    const MAPPED: ImportResult = { ...GOOD, columns: [{ header: 'Site', field: 'domain' }, columns[1]!] };
    const { calls } = stubFetch((call) => {
      if (call.url.includes('/import-template')) return { body: envelope('SUCCESS', TEMPLATE) };
      const { commit, columns: chosen } = call.body as { commit: boolean; columns?: string[] };
      if (commit) return { body: envelope('SUCCESS', { ...MAPPED, created: [11, 12] }, '2 domain records have been imported.') };
      return { body: envelope('SUCCESS', chosen ? MAPPED : UNMATCHED) };
    });
    renderButton();
    const text = 'Site,description\nacme.com,Acme\nother.org,\n';
    const dialog = await pasteAndCheck(text);
    const site = (await within(dialog).findByRole('combobox', { name: 'Site' })) as HTMLSelectElement;
    expect(site.value).toBe('');
    expect(within(dialog).getByText('not a field')).toBeTruthy();
    expect(within(dialog).getByText('The column “Site” is not a field of a domain.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Create 2 records' })).toBeNull();
    await userEvent.selectOptions(site, 'Domain');
    expect(await within(dialog).findByText('All 2 rows can be created.')).toBeTruthy();
    expect(within(dialog).queryByText('not a field')).toBeNull();
    expect(within(dialog).queryByText('The column “Site” is not a field of a domain.')).toBeNull();
    expect((within(dialog).getByRole('combobox', { name: 'Site' }) as HTMLSelectElement).value).toBe('domain');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 2 records' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { csv: text, commit: false },
      { csv: text, commit: false, columns: ['domain', 'description'] },
      { csv: text, commit: true, columns: ['domain', 'description'] },
    ]);
  });

  it('creates the checked rows in one request, saying how many, and closes', async () => {
    const { calls } = server(GOOD);
    renderButton();
    const dialog = await pasteAndCheck('domain\tdescription\nacme.com\tAcme\nother.org\t\n');
    expect(await within(dialog).findByText('All 2 rows can be created.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 2 records' }));
    expect(await screen.findByText('2 domain records have been imported.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => (call.body as { commit: boolean }).commit)).toEqual([false, true]);
  });

  it('shows a refused commit’s rows and their problems', async () => {
    stubFetch((call) => {
      if (call.url.includes('/import-template')) return { body: envelope('SUCCESS', TEMPLATE) };
      if ((call.body as { commit: boolean }).commit) return { status: 400, body: envelope('VALIDATION_ERROR', WITH_PROBLEM, 'Nothing was imported.') };
      return { body: envelope('SUCCESS', GOOD) };
    });
    renderButton();
    const dialog = await pasteAndCheck('domain,description\nacme.com,Acme\nother.org,\n');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create 2 records' }));
    expect(await within(dialog).findByText('Required.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create 2 records' })).toHaveProperty('disabled', true);
  });

  it('sends a chosen XLSX file as it is (base64), and states the most rows one import takes', async () => {
    const { calls } = server(GOOD);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(new RegExp(`up to ${IMPORT_MAX_ROWS.toLocaleString()} rows`))).toBeTruthy();
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('.xlsx');
    await userEvent.upload(input, new File([bytes], 'domains.xlsx'));
    expect(await within(dialog).findByText('Read from domains.xlsx')).toBeTruthy();
    expect((within(dialog).getByLabelText('Or paste the table') as HTMLTextAreaElement).value).toBe('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check the rows' }));
    expect(await within(dialog).findByText('All 2 rows can be created.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 2 records' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(sent).toEqual([
      { xlsx: Buffer.from(bytes).toString('base64'), commit: false },
      { xlsx: Buffer.from(bytes).toString('base64'), commit: true },
    ]);
  });

  it('refuses an XLSX file over the most one import takes before sending it', async () => {
    const { calls } = server(GOOD);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array(IMPORT_MAX_XLSX_BYTES + 1)], 'huge.xlsx'));
    expect(await within(dialog).findByText(/huge\.xlsx is larger than the 4 MiB one import takes/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Check the rows' })).toHaveProperty('disabled', true);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('draws the rows with a problem and the first of the others, saying how many it leaves out', async () => {
    const many: ImportResult = {
      ...GOOD,
      rows: Array.from({ length: 5000 }, (_, index) => ({
        row: index + 2,
        values: { domain: `d${index}.com`, description: null },
        problems: index === 4000 ? [{ field: 'domain', message: 'required' }] : [],
      })),
    };
    server(many);
    renderButton();
    const dialog = await pasteAndCheck('domain\nd0.com\n');
    expect(await within(dialog).findByText('Showing 200 of the 5,000 rows: those with a problem, then the first of the others.')).toBeTruthy();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(201);
    expect(rows.at(-1)!.textContent).toContain('d4000.com');
    expect(rows.at(-2)!.textContent).toContain('d198.com');
  });

  it('speaks Korean', async () => {
    server(WITH_PROBLEM);
    await i18nProvider.changeLocale('ko');
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: '가져오기' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toContain('가져오기');
    expect(within(dialog).getByRole('button', { name: '행 확인' })).toBeTruthy();
    expect(await within(dialog).findByRole('button', { name: '양식 내려받기 (열 이름 행)' })).toBeTruthy();
  });

  it('downloads the template: the server’s header row, as a CSV file named after the resource', async () => {
    server(WITH_PROBLEM);
    const downloads: Blob[] = [];
    const names: string[] = [];
    // jsdom makes no Blob URLs: the file handed to the download is read where it is made.
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (blob: Blob) => (downloads.push(blob), 'blob:template'), revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    const download = within(dialog).getByRole('button', { name: 'Download the template (its header row)' });
    await waitFor(() => expect(download).toHaveProperty('disabled', false), { timeout: 10_000 });
    await userEvent.click(download);
    expect(names).toEqual(['domains-import-template.csv']);
    expect(await downloads[0]!.text()).toBe(TEMPLATE.csv);
  });
});
