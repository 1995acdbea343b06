import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, signInThroughPage, startE2e, waitForSettled, watchProblems, type E2e } from './harness';
import { seriousAxeViolations } from './axeSurvey';

/**
 * "Import" on a list: a table pasted as a spreadsheet copies it (tab separated, Korean headers),
 * checked with a problem shown under its cell and nothing written, corrected, checked again, then
 * created in one request, each record with its activity entry.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  const api = await adminApi(e2e);
  await api('POST', '/api/domains', { domain: 'taken.co.kr', activeFlag: 'Y' });
});
afterAll(async () => e2e?.close());

const imported = () =>
  e2e.db
    .selectFrom('domains')
    .select('domain')
    .where('domain', 'in', ['alpha.co.kr', 'beta.co.kr', 'taken.co.kr'])
    .orderBy('domain')
    .execute()
    .then((rows) => rows.map((row) => row.domain));
const created = () => e2e.db.selectFrom('activity_log').select('record_id').where('resource', '=', 'domains').where('action', '=', 'create').execute();

describe('Import (Allowed Domains)', () => {
  it('checks a pasted table, shows a problem under its cell, then creates the corrected rows', async () => {
    const { context, page } = await e2e.newPage({ width: 1440, height: 900 });
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Allowed Domains' }).click();
    await page.getByRole('checkbox', { name: 'Select row taken.co.kr' }).waitFor();
    await waitForSettled(page);
    const before = (await created()).length;

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Allowed Domains' });
    await dialog.getByText(/Domain \*/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const paste = dialog.getByRole('textbox', { name: 'Or paste the table' });
    await paste.fill('도메인\t설명\nalpha.co.kr\tFirst\ntaken.co.kr\tAgain\n');
    await dialog.getByRole('button', { name: 'Check the rows' }).click();
    const table = dialog.getByRole('table');
    await table.waitFor();
    // The taken domain's problem sits under its Domain cell; nothing was written by the check.
    await table
      .getByRole('row', { name: /taken\.co\.kr/ })
      .getByRole('cell', { name: /taken\.co\.kr is already on the allowed list/ })
      .waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Create 2 records' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await imported()).toEqual(['taken.co.kr']);

    await dialog.getByRole('button', { name: 'Back' }).click();
    await paste.fill('도메인\t설명\nalpha.co.kr\tFirst\nbeta.co.kr\tSecond\n');
    await dialog.getByRole('button', { name: 'Check the rows' }).click();
    await dialog.getByText('All 2 rows can be created.').waitFor();
    await dialog.getByRole('button', { name: 'Create 2 records' }).click();
    await page.getByText('2 domain records have been imported.').waitFor();
    await page.getByRole('checkbox', { name: 'Select row beta.co.kr' }).waitFor();
    expect(await imported()).toEqual(['alpha.co.kr', 'beta.co.kr', 'taken.co.kr']);
    expect((await created()).length).toBe(before + 2);
    await page.screenshot({ path: '/tmp/import-1440.png' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** Tabs forward until `target` has the focus, as a keyboard reaches it. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 20 && !(await target.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  expect(await target.evaluate((element) => element === document.activeElement)).toBe(true);
}

describe('Import (Allowed Domains), a column chosen', () => {
  it('shows a column no field matches, takes the field chosen for it by keyboard, and creates the rows', async () => {
    const { context, page } = await e2e.newPage({ width: 1440, height: 900 });
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Allowed Domains' }).click();
    await page.getByRole('checkbox', { name: 'Select row taken.co.kr' }).waitFor();
    await waitForSettled(page);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Allowed Domains' });
    await dialog.getByText(/Domain \*/).waitFor();
    await dialog.getByRole('textbox', { name: 'Or paste the table' }).fill('Site\tDescription\tNotes\ngamma.co.kr\tThird\tkeep out\n');
    await dialog.getByRole('button', { name: 'Check the rows' }).click();
    await dialog.getByText('The column “Site” is not a field of a domain.').waitFor();
    const site = dialog.getByRole('combobox', { name: 'Site' });
    expect(await site.inputValue()).toBe('');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A closed native select steps through its options with the arrow keys: the first after "Choose a field" is Domain.
    await tabTo(page, site);
    await page.keyboard.press('ArrowDown');
    // Notes, still matching no field, is left out once a choice is made, and shown so.
    await dialog.getByText('All 1 row can be created.').waitFor();
    expect(await site.inputValue()).toBe('domain');
    expect(await dialog.getByRole('combobox', { name: 'Notes' }).inputValue()).toBe('-');
    await dialog.getByText('Not imported: Notes (left out, set by the console, or read from the code column beside them).').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/import-columns-1440.png' });

    const commit = dialog.getByRole('button', { name: 'Create 1 record' });
    await tabTo(page, commit);
    await page.keyboard.press('Enter');
    await page.getByText(/^1 domain records? ha(s|ve) been imported\.$/).waitFor();
    const stored = await e2e.db.selectFrom('domains').select(['domain', 'description']).where('domain', '=', 'gamma.co.kr').execute();
    expect(stored).toEqual([{ domain: 'gamma.co.kr', description: 'Third' }]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Import (Project Properties)', () => {
  it('offers the template as a file, and creates properties of the kinds their rows name', async () => {
    const { context, page } = await e2e.newPage({ width: 1440, height: 900 });
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Project Properties' }).click();
    await page.getByText('Asia Pacific').waitFor();
    await waitForSettled(page);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Project Properties' });
    await dialog.getByText(/Kind \*, Code \*, Name \*/).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the template (its header row)' }).click()]);
    expect(download.suggestedFilename()).toBe('properties-import-template.csv');
    expect(readFileSync((await download.path())!, 'utf8')).toBe('kind,code,name,no,regionCode\r\n');

    const paste = dialog.getByRole('textbox', { name: 'Or paste the table' });
    await paste.fill('kind\tcode\tname\ncompanies\te2e-co\tImported company\nplanets\te2e-pl\tA planet\n');
    await dialog.getByRole('button', { name: 'Check the rows' }).click();
    // The unknown kind's problem sits under its Kind cell.
    await dialog
      .getByRole('row', { name: /e2e-pl/ })
      .getByRole('cell', { name: /planets.+/ })
      .waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Create 2 records' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Back' }).click();
    await paste.fill('kind\tcode\tname\ncompanies\te2e-co\tImported company\nadvertisers\te2e-ad\tImported advertiser\n');
    await dialog.getByRole('button', { name: 'Check the rows' }).click();
    await dialog.getByText('All 2 rows can be created.').waitFor();
    await dialog.getByRole('button', { name: 'Create 2 records' }).click();
    await page.getByText('2 property records have been imported.').waitFor();
    const stored = await Promise.all((['companies', 'advertisers'] as const).map((table) => e2e.db.selectFrom(table).select('code').where('code', 'like', 'E2E-%').execute()));
    expect(stored.map((rows) => rows.map((row) => row.code))).toEqual([['E2E-CO'], ['E2E-AD']]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
