import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const PASSWORD = 'Passw0rd!';
const file = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

describe('a dataset from a file to the Data Explorer', () => {
  it('proposes the dataset from a file, appends, replaces, shows both in the history, and opens the rows in the explorer', async () => {
    const id = await e2e.createAccount('analyst@example.com', PASSWORD);
    await e2e.db.updateTable('admins').set({ uploader_flag: 'Y' }).where('id', '=', id).execute();
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, 'analyst@example.com', PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Manual Upload' }).click();
    await page.waitForURL((url) => url.pathname === '/project/manual');

    // The dataset is proposed from the file's header and values, then edited before saving.
    await page.getByRole('button', { name: 'New dataset' }).click();
    const dialog = page.getByRole('dialog');
    const first = file('store visits.csv', ['Visit date,Store,Visitors', '2026-03-01,S1,10', '2026-03-02,S2,12']);
    await dialog.locator('input[type=file]').setInputFiles(first);
    await dialog.getByText('Columns proposed from the header of store visits.csv and its first 2 rows').waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('store visits');
    expect(await dialog.getByLabel('Column name').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['Visit_date', 'Store', 'Visitors']);
    await dialog.getByLabel('Key').first().check();
    await dialog.getByRole('combobox', { name: 'Data type' }).click();
    await page.getByRole('option', { name: 'Media' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Visit_date · DATE *').waitFor();

    // Append the same file, then replace it with a smaller one after saying yes to what goes.
    await page.locator('input[type=file]').setInputFiles(file('march.csv', ['Visit_date,Store,Visitors', '2026-03-01,S1,10', '2026-03-02,S2,12']));
    await page.getByRole('button', { name: 'Commit 2 rows' }).click();
    await page.getByText('2 rows were written to store visits.').first().waitFor();
    await page.locator('input[type=file]').setInputFiles(file('april.csv', ['Visit_date,Store,Visitors', '2026-04-01,S3,7']));
    await page.getByRole('radio', { name: /^Replace/ }).check();
    await page.getByRole('button', { name: 'Commit 1 rows' }).click();
    await page.getByText('All 2 rows now in store visits will be removed and replaced by the 1 rows of april.csv.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: "Replace the dataset's rows?" }).click();
    await page.getByText('1 rows were written to store visits.').first().waitFor();
    const history = page.getByTestId('upload-history-row');
    await history.first().getByText('Replace').waitFor();
    expect(await history.nth(0).innerText()).toMatch(/april\.csv\s+Written\s+Replace\s+1 added · 2 removed/);
    expect(await history.nth(1).innerText()).toMatch(/march\.csv\s+Written\s+Append\s+2 added/);

    // The explorer shows the dataset as a table, with the row the Replace left.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Data Explorer' }).click();
    await page.getByRole('link', { name: 'store visits' }).click();
    await page.getByRole('cell', { name: 'S3', exact: true }).waitFor();
    await expectAbsent(page.getByRole('table').filter({ has: page.getByRole('cell', { name: 'S3', exact: true }) }), page.getByRole('cell', { name: 'S1', exact: true }));
    expect(problems).toEqual([]);
    await context.close();
  });
});
