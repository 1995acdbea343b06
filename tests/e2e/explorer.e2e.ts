import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDataset } from '../api/explorer-fixtures';
import { seriousAxeViolations } from './axeSurvey';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

let e2e: E2e;
let datasetId: number;

beforeAll(async () => {
  e2e = await startE2e();
  const now = new Date().toISOString();
  ({ id: datasetId } = await e2e.db
    .insertInto('datasets')
    .values({ title: 'Store visits', data_type_code: 'MEDIA', description: null, created_by: null, created_at: now, updated_by: null, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow());
  await e2e.db
    .insertInto('dataset_columns')
    .values([
      { dataset_id: datasetId, sort_no: 1, col_name: 'visit_date', col_type: 'DATE', required_flag: 'Y', key_flag: 'Y' },
      { dataset_id: datasetId, sort_no: 2, col_name: 'store', col_type: 'VARCHAR', required_flag: 'Y', key_flag: 'Y' },
      { dataset_id: datasetId, sort_no: 3, col_name: 'visitor_comment_from_the_survey', col_type: 'VARCHAR', required_flag: 'N', key_flag: 'N' },
    ])
    .execute();
  // 60 rows: stores s01 … s60, each with a long comment (the table is wider than a phone); one a formula.
  const rows = Array.from({ length: 60 }, (_, index) => [
    `2026-03-${String((index % 28) + 1).padStart(2, '0')}`,
    `s${String(index + 1).padStart(2, '0')}`,
    `Comment number ${index + 1} written at some length by a visitor`,
  ]);
  rows[41][2] = '=1+1';
  await fillDataset(e2e.db, datasetId, rows);
}, 120_000);
afterAll(async () => e2e?.close());

/** Export, then the format from its menu: the click that starts the download. */
async function exportAs(page: Page, format: 'CSV' | 'Excel (XLSX)') {
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: format }).click();
}
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('Data Explorer', () => {
  it('opens a dataset from the menu, pages, filters and exports its rows', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    // Client-side navigation: a marker on window survives only if the page is never reloaded.
    await page.evaluate(() => Object.assign(window, { explorerMarker: true }));
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Data Explorer' }).click();
    await page.waitForURL((url) => url.pathname === '/project/explorer');
    const tableLink = page.getByRole('link', { name: 'Store visits' });
    await tableLink.waitFor();
    await page.getByRole('cell', { name: 'dataset (uploaded data)' }).waitFor();
    // The explorer has no create view, so no Create button leads to one.
    await expectAbsent(page.locator('#main-content'), page.getByRole('link', { name: 'Create', exact: true }));
    expect(await seriousAxeViolations(page)).toEqual([]);

    await tableLink.click();
    await page.waitForURL((url) => url.pathname === `/explorer/dataset-${datasetId}/show`);
    await page.getByRole('heading', { name: 'Store visits', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: 'visitor_comment_from_the_survey' }).waitFor();
    await page.getByRole('cell', { name: 's01', exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { explorerMarker?: boolean }).explorerMarker)).toBe(true);
    await page.getByText('1-25 of 60').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Page 2 comes from the server.
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.getByRole('cell', { name: 's26', exact: true }).waitFor();
    await page.getByText('26-50 of 60').waitFor();

    // Sort by store, newest first, then filter on the first column's always-shown filter (a date).
    await page.getByRole('button', { name: 'Go to page 1' }).click();
    await page.getByRole('columnheader', { name: 'store' }).getByRole('button').click();
    await page.getByRole('columnheader', { name: 'store' }).getByRole('button').click();
    await page.getByRole('cell', { name: 's60', exact: true }).waitFor();
    await page.locator('input[name=visit_date]').fill('2026-03-02');
    await page.getByText('1-3 of 3').waitFor();
    const stores = await page.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(stores).toEqual(['s58', 's30', 's02']);

    // The export takes the same sort and filter, and keeps a formula as text.
    const [download] = await Promise.all([page.waitForEvent('download'), exportAs(page, 'CSV')]);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    // Named after what it holds and when (src/shared/export-names.ts), not the table's id.
    expect(download.suggestedFilename()).toMatch(/^Store visits \d{4}-\d{2}-\d{2} \d{4}\.csv$/);
    expect(csv.trimEnd().split('\r\n')).toEqual([
      'visit_date,store,visitor_comment_from_the_survey',
      '2026-03-02,s58,Comment number 58 written at some length by a visitor',
      '2026-03-02,s30,Comment number 30 written at some length by a visitor',
      '2026-03-02,s02,Comment number 2 written at some length by a visitor',
    ]);
    await page.locator('input[name=visit_date]').fill('2026-03-14');
    await page.getByText('1-2 of 2').waitFor();
    const [formulaDownload] = await Promise.all([page.waitForEvent('download'), exportAs(page, 'CSV')]);
    expect(readFileSync((await formulaDownload.path())!, 'utf8')).toContain("2026-03-14,s42,'=1+1");
    // The same rows as XLSX, chosen from the same menu: the formula kept as text there too.
    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), exportAs(page, 'Excel (XLSX)')]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/^Store visits \d{4}-\d{2}-\d{2} \d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await xlsxDownload.path())!);
    const sheetRows = (workbook.worksheets[0].getSheetValues().slice(1) as unknown[][]).map((row) => row.slice(1));
    expect(sheetRows[0]).toEqual(['visit_date', 'store', 'visitor_comment_from_the_survey']);
    expect(sheetRows).toContainEqual(['2026-03-14', 's42', "'=1+1"]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone without sideways scroll and passes axe', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/project/explorer');
    await page.getByRole('link', { name: 'Store visits' }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.goto(`/explorer/dataset-${datasetId}/show`);
    await page.getByRole('cell', { name: 's01', exact: true }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
