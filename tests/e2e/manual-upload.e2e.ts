import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-manual-upload';
const PASSWORD = 'Passw0rd!';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => e2e?.close());

const csv = (rows: string[]) => ({ name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from(['date,campaign_id,impressions', ...rows].join('\n')) });

describe('Manual Upload screen', () => {
  it('tells a user without UPLOADER plainly that they cannot upload', async () => {
    await e2e.createAccount('viewer@example.com', PASSWORD);
    const { context, page } = await e2e.newPage();
    await signInThroughPage(e2e, page, 'viewer@example.com', PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/project/manual');
    await page.getByText('You do not have the UPLOADER permission').waitFor();
    await page.screenshot({ path: `${SHOTS}/not-uploader.png` });
    // A rank-5 user does not see the permissions panel.
    await expectAbsent(page.locator('#main-content'), page.getByText('Manual permissions'));
    await context.close();
  });

  it('lets a user manager grant UPLOADER from the screen', async () => {
    const id = await e2e.createAccount('grantee@example.com', PASSWORD);
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/project/manual');
    await page.getByText('Manual permissions').click();
    await page.getByLabel('Search').fill('grantee');
    // The search re-reads the list: until it has, a click could land on a row of the unfiltered one.
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Manual permissions"] tbody tr').length === 1);
    const toggle = page.getByLabel('UPLOADER grantee@example.com');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    // The switch follows the server: it turns on once the grant has been stored and the list re-read.
    await toggle.click();
    await page.getByText('The UPLOADER permission has been granted.').waitFor();
    await page.waitForFunction(() => (document.querySelector('input[aria-label="UPLOADER grantee@example.com"]') as HTMLInputElement | null)?.checked === true);
    expect((await e2e.db.selectFrom('admins').select('uploader_flag').where('id', '=', id).executeTakeFirstOrThrow()).uploader_flag).toBe('Y');
    await page.screenshot({ path: `${SHOTS}/permissions.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets an uploader define a dataset, see the problem of a bad row, fix the file and commit it, then find it in the history', async () => {
    const id = await e2e.createAccount('uploader@example.com', PASSWORD);
    await e2e.db.updateTable('admins').set({ uploader_flag: 'Y' }).where('id', '=', id).execute();
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, 'uploader@example.com', PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Manual Upload' }).click();
    await page.waitForURL((url) => url.pathname === '/project/manual');
    await page.getByText('No dataset yet').waitFor();

    // A data set with a two-column key.
    await page.getByRole('button', { name: 'New dataset' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('March media');
    await dialog.getByRole('combobox', { name: 'Data type' }).click();
    await page.getByRole('option', { name: 'Media' }).click();
    await dialog.getByLabel('Description').fill('Spend by campaign and day');
    await dialog.getByLabel('Column name').fill('date');
    await dialog.getByRole('combobox').nth(1).click();
    await page.getByRole('option', { name: 'DATE' }).click();
    await dialog.getByLabel('Key').check();
    await dialog.getByRole('button', { name: 'Add column' }).click();
    await dialog.getByLabel('Column name').nth(1).fill('campaign_id');
    await dialog.getByLabel('Key').nth(1).check();
    await dialog.getByRole('button', { name: 'Add column' }).click();
    await dialog.getByLabel('Column name').nth(2).fill('impressions');
    await page.screenshot({ path: `${SHOTS}/dataset-dialog.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('date · DATE *').waitFor();

    // One bad row: the problem is listed with its row, column and reason, and nothing can be committed.
    await page.locator('input[type=file]').setInputFiles(csv(['2024-03-01,C1,100', '2024-02-30,C2,200', '03/02/2024,C3,300']));
    await page.getByTestId('upload-problem').first().waitFor();
    expect(await page.getByTestId('upload-problem').allInnerTexts()).toEqual([expect.stringMatching(/^3\s+date\s+2024-02-30 is not a date/)]);
    await page.getByText('1 problem found: fix the file and upload it again.').waitFor();
    // …and written under the cell it belongs to, in the preview's row 3.
    expect(await page.getByTestId('preview-problem-row').allInnerTexts()).toEqual([expect.stringMatching(/^3\s+2024-02-30\s+2024-02-30 is not a date/)]);
    await expectAbsent(page.locator('#main-content'), page.getByRole('button', { name: /^Commit/ }));
    await page.screenshot({ path: `${SHOTS}/problems.png`, fullPage: true });

    // The fixed file previews clean and commits.
    await page.locator('input[type=file]').setInputFiles(csv(['2024-03-01,C1,100', '2024-02-29,C2,200', '03/02/2024,C3,300']));
    await page.getByText('No problems found').waitFor();
    // The preview's rows come by a call of their own after the verdict: polled, not counted at once.
    await expect.poll(() => page.getByRole('table', { name: 'preview' }).locator('tbody tr').count()).toBe(3);
    await page.screenshot({ path: `${SHOTS}/ready.png`, fullPage: true });
    await page.getByRole('button', { name: 'Commit 3 rows' }).click();
    await page.getByText('3 rows were written to March media.').first().waitFor();

    const latest = page.getByTestId('upload-history-row').first();
    await latest.getByText('Written', { exact: true }).waitFor();
    expect(await latest.innerText()).toMatch(/march\.csv\s+Written\s+Append\s+3 added\s+user Tester/);
    const failed = page.getByTestId('upload-history-row').nth(1);
    expect(await failed.innerText()).toMatch(/march\.csv\s+Failed\s+1 problem found in the file/);
    await page.screenshot({ path: `${SHOTS}/history.png`, fullPage: true });

    // The original file downloads again from the history.
    const [download] = await Promise.all([page.waitForEvent('download'), latest.getByRole('link', { name: 'march.csv' }).click()]);
    expect(download.suggestedFilename()).toBe('march.csv');

    expect(problems).toEqual([]);
    await context.close();
  });
});
