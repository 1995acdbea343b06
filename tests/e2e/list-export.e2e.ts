import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, startE2e, waitForSettled, type E2e } from './harness';
import { seriousAxeViolations } from './axeSurvey';
import { signedInPage } from './signedInPage';
import domains from '../../src/resources/domains';
import holidays from '../../src/resources/holidays';
import { enFrame } from '../../src/i18n/en';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { ko } from '../../src/i18n/ko';

/**
 * A list exported as XLSX by keyboard from its Export menu, and the file read back: its header is
 * the list's column labels in the reader's language, with the code beside a coded column, and its
 * rows are the records the list shows (as filtered), in words as the screen shows them. Allowed
 * Domains searched on a desktop in English, Holidays on a phone in Korean.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  const api = await adminApi(e2e);
  for (const [domain, activeFlag] of [
    ['export-one.co.kr', 'Y'],
    ['export-two.co.kr', 'N'],
  ])
    await api('POST', '/api/domains', { domain, description: 'Sheet partner', activeFlag });
  for (const [date, name, activeFlag] of [
    ['2035-05-05', 'Sheet Day', 'Y'],
    ['2035-06-06', 'Quiet Day', 'N'],
  ])
    await api('POST', '/api/holidays', { date, name, country: 'KR', activeFlag });
});
afterAll(async () => e2e?.close());

/** How the export names a column of codes beside its words. */
const CODE_WORD = { en: 'code', ko: '코드' } as const;
const translators = { en: polyglotI18nProvider(() => ({ ...enFrame, resources: resourcesEn }), 'en').translate, ko: polyglotI18nProvider(() => ko, 'ko').translate };

describe.each([
  { width: 1440, language: 'en', resource: 'domains', path: domains.listPath, name: 'domain', records: { 'export-one.co.kr': 'Y', 'export-two.co.kr': 'N' }, search: 'export-' },
  { width: 390, language: 'ko', resource: 'holidays', path: holidays.listPath, name: 'name', records: { 'Sheet Day': 'Y', 'Quiet Day': 'N' }, search: undefined },
] as const)('Export as XLSX ($width px, $language, $resource)', ({ width, language, resource, path, name, records, search }) => {
  it('downloads the list as the screen shows it, read back from the file', async () => {
    const t = translators[language];
    const { page, problems, context } = await signedInPage(e2e, ADMIN_EMAIL, ADMIN_PASSWORD, width, language);
    await page.goto(path);
    await waitForSettled(page);
    // The export writes the list as filtered: the domains searched for, all the holidays.
    if (search) await page.getByRole('textbox', { name: t(`resources.${resource}.fields.q`) }).fill(search);
    await page.getByText(Object.keys(records)[0], { exact: true }).first().waitFor();
    await waitForSettled(page);

    // By keyboard: the Export button opens its menu, the second item is the spreadsheet.
    await page.getByRole('button', { name: t('ra.action.export') }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: t('console.list.exportXlsx') }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await saved.path())!);
    const sheet = workbook.worksheets[0];
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? ''))));
    const [header, ...body] = rows;
    const label = (field: string) => t(`resources.${resource}.fields.${field}`);
    const active = label('activeFlag');
    expect(header).toEqual(expect.arrayContaining([label(name), active, `${active} (${CODE_WORD[language]})`]));
    const at = (field: string) => header.indexOf(field);
    for (const [record, flag] of Object.entries(records)) {
      const row = body.find((cells) => cells[at(label(name))] === record);
      expect(row, `${record} is in the file`).toBeDefined();
      // The word the screen shows, and the code an importer reads beside it.
      expect(row![at(active)]).toBe(t(`console.codes.activeFlag.${flag}`));
      expect(row![at(active) + 1]).toBe(flag);
    }
    // Every record the list has, no more.
    const total = await e2e.db
      .selectFrom(resource)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(body).toHaveLength(search ? Object.keys(records).length : Number(total.count));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
