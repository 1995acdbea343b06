import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startE2e, waitForSettled, watchProblems, type E2e } from './harness';
import { seriousAxeViolations } from './axeSurvey';

/**
 * Import from an XLSX file, by keyboard alone, at a phone's and a desktop's width: signed out at the
 * list's deep link, signed in, 30 domains read from a workbook whose 2 bad rows show their problems
 * under their cells (nothing written), the corrected workbook chosen and checked, then created.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

const ROWS = 30;

/** A workbook of the domains as a spreadsheet holds them: English headers, the active flag a text cell. */
async function workbook(rows: { domain: string; description: string; activeFlag: string }[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Domains');
  sheet.addRow(['Domain', 'Description', 'Active']);
  for (const row of rows) sheet.addRow([row.domain, row.description, row.activeFlag]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Presses Tab until `target` has focus (Shift+Tab never needed: the dialog keeps focus inside). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Chooses a file through the picker its focused button opens with Enter. */
async function chooseFile(page: Page, button: Locator, name: string, buffer: Buffer): Promise<void> {
  await tabTo(page, button);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('Import from an XLSX file (Allowed Domains), by keyboard', () => {
  it.each([
    ['390', { width: 390, height: 844 }],
    ['1440', { width: 1440, height: 900 }],
  ] as const)('at %s px: shows the 2 bad rows’ problems under their cells, then creates the corrected 30', async (width, viewport) => {
    const mark = `x${width}-${Date.now().toString(36)}`;
    const rows = Array.from({ length: ROWS }, (_, index) => ({ domain: `xlsx-${index + 1}-${mark}.example.com`, description: `Row ${index + 1}`, activeFlag: 'Y' }));
    const bad = rows.map((row) => ({ ...row }));
    bad[4]!.domain = `bad domain ${mark}`;
    bad[19]!.activeFlag = 'maybe';
    const stored = () =>
      e2e.db
        .selectFrom('domains')
        .select('domain')
        .where('domain', 'like', `xlsx-%-${mark}.example.com`)
        .execute()
        .then((found) => found.length);

    const { context, page } = await e2e.newPage(viewport);
    const problems = watchProblems(page);
    // Listening from the start has the browser hand every file picker to the test: one asked for
    // after Enter is pressed may come too late, and the picker opens unseen.
    page.on('filechooser', () => undefined);
    await page.goto('/domains');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await tabTo(page, page.locator('input[name=email]'));
    await page.keyboard.type(ADMIN_EMAIL);
    await tabTo(page, page.locator('input[name=password]'));
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    const code = page.locator('input[name=code]');
    await code.waitFor();
    await tabTo(page, code);
    await page.keyboard.type(await e2e.lastCode(ADMIN_EMAIL));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/domains');
    await waitForSettled(page);

    await tabTo(page, page.getByRole('button', { name: 'Import', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Import Allowed Domains' });
    await dialog.getByText(/Domain \*/).waitFor();
    await dialog.getByText(/up to 10,000 rows/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const pick = dialog.getByRole('button', { name: 'Choose a CSV or XLSX file' });
    await chooseFile(page, pick, 'domains.xlsx', await workbook(bad));
    await dialog.getByText('Read from domains.xlsx').waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Check the rows' }));
    await page.keyboard.press('Enter');
    const table = dialog.getByRole('table');
    await table.waitFor();
    await dialog.getByText(/2 rows have one/).waitFor();
    // Each problem sits in the row's cell of its field: the domain under Domain, the flag under Active.
    await table
      .getByRole('row', { name: new RegExp(`bad domain ${mark}`) })
      .getByRole('cell', { name: new RegExp(`bad domain ${mark}.+`) })
      .waitFor();
    await table
      .getByRole('row', { name: new RegExp(`xlsx-20-${mark}`) })
      .getByRole('cell', { name: /maybe.+/ })
      .waitFor();
    expect(await dialog.getByRole('button', { name: `Create ${ROWS} records` }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await stored()).toBe(0);

    await tabTo(page, dialog.getByRole('button', { name: 'Back' }));
    await page.keyboard.press('Enter');
    await chooseFile(page, pick, 'domains-fixed.xlsx', await workbook(rows));
    await dialog.getByText('Read from domains-fixed.xlsx').waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Check the rows' }));
    await page.keyboard.press('Enter');
    await dialog.getByText(`All ${ROWS} rows can be created.`).waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    const create = dialog.getByRole('button', { name: `Create ${ROWS} records` });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    await page.getByText(`${ROWS} domain records have been imported.`).waitFor();
    expect(await stored()).toBe(ROWS);
    // Focus is back on Import, whose tooltip fades in: checked once it has.
    await expect.poll(() => seriousAxeViolations(page), { timeout: 10_000 }).toEqual([]);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/import-xlsx-${width}.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});
