import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, startE2e, waitForSettled, type E2e } from './harness';
import { signedInPage } from './signedInPage';
import { enFrame } from '../../src/i18n/en';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { ko } from '../../src/i18n/ko';
import { UNDO_WINDOW_MS } from '../../src/shared/constants';
import { seriousAxeViolations } from './axeSurvey';

/**
 * "Edit selected" on a list, by keyboard: rows (on a phone, cards) selected, the field to change
 * picked, one confirmation saying how many records change and how, then the rows change at once with
 * an Undo; undone once (nothing was sent), then done again and left to go, one request for all.
 * Twenty domains on a desktop in English; two holidays on a phone in Korean.
 */

let e2e: E2e;
/** Twenty domains changed at once, found by a search (and one page of 25 rows), and one the search leaves out. */
const TWENTY = Array.from({ length: 20 }, (_, i) => `bulk-${String(i + 1).padStart(2, '0')}.co.kr`);
beforeAll(async () => {
  e2e = await startE2e();
  const api = await adminApi(e2e);
  for (const domain of [...TWENTY, 'kept.example.org']) await api('POST', '/api/domains', { domain, activeFlag: 'Y' });
  for (const [day, name] of [
    ['2034-03-01', 'Spring Day'],
    ['2034-03-02', 'Garden Day'],
    ['2034-03-03', 'River Day'],
  ])
    await api('POST', '/api/holidays', { date: day, name, country: 'KR', activeFlag: 'Y' });
});
afterAll(async () => e2e?.close());

/** The console's own words in each language, as the screens translate them. */
const translators = { en: polyglotI18nProvider(() => ({ ...enFrame, resources: resourcesEn }), 'en').translate, ko: polyglotI18nProvider(() => ko, 'ko').translate };

async function flags(table: 'domains' | 'holidays', column: 'domain' | 'name', names: readonly string[]): Promise<string[]> {
  const rows = await e2e.db
    .selectFrom(table)
    .select([column, 'active_flag'])
    .where(column, 'in', [...names])
    .orderBy(column)
    .execute();
  return rows.map((row) => (row as { active_flag: string }).active_flag);
}

/** The update entries of the activity log for a resource's records. */
const updates = (resource: string) => e2e.db.selectFrom('activity_log').select(['record_id', 'event_id']).where('resource', '=', resource).where('action', '=', 'update').execute();

async function press(scope: Page | Locator, name: string | RegExp, page: Page) {
  await scope.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

describe.each([
  // Twenty rows on a desktop, chosen as a person would: searched, shown on one page, all selected.
  { width: 1440, language: 'en', table: 'domains', column: 'domain', chosen: TWENTY, left: 'kept.example.org', search: 'bulk-', menuKey: 'resources.domains.name' },
  { width: 390, language: 'ko', table: 'holidays', column: 'name', chosen: ['Spring Day', 'Garden Day'], left: 'River Day', search: undefined, menuKey: 'resources.holidays.title' },
] as const)('Edit selected ($width px, $language, $table)', ({ width, language, table, column, chosen, left, search, menuKey }) => {
  it('sets Active to No on the selected records by keyboard, offers Undo once, then sends one request', async () => {
    const t = translators[language];
    const count = chosen.length;
    const { page, problems, context } = await signedInPage(e2e, ADMIN_EMAIL, ADMIN_PASSWORD, width, language);
    const menu = t(menuKey, { smart_count: 2 });
    // Arrive by the menu: on a phone it is a drawer behind the menu button.
    if (width === 390) {
      await page.getByRole('button', { name: t('console.frame.toggleMenu') }).click();
      await page
        .getByRole('dialog', { name: t('console.frame.sidebar') })
        .getByRole('link', { name: menu })
        .click();
    } else
      await page
        .getByRole('navigation', { name: t('console.frame.mainMenu') })
        .getByRole('link', { name: menu })
        .click();
    const selectRow = (name: string) => page.getByRole('checkbox', { name: t('console.list.selectRow', { name }) });
    await (search ? selectRow(chosen[0]) : selectRow(left)).waitFor();
    await waitForSettled(page);

    const select = async () => {
      if (!search) {
        for (const name of chosen) {
          await selectRow(name).focus();
          await page.keyboard.press('Space');
        }
        return;
      }
      await page.getByRole('checkbox', { name: t('ra.action.select_all') }).focus();
      await page.keyboard.press('Space');
      await page.getByText(t('ra.action.bulk_actions', { smart_count: count })).waitFor();
    };
    if (search) {
      // Twenty rows on one page: the rows-per-page choice, by keyboard, then the search, which leaves
      // one row out. In the other order the left-out row, sorted after the twenty, was off page 1
      // whether or not the search had applied, and the rows-per-page choice could land inside the
      // search's pause and be replaced by the search's own parameters (10 rows).
      await page.getByRole('combobox', { name: t('ra.navigation.page_rows_per_page') }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('option', { name: '25' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('perPage') === '25');
      await page.getByRole('textbox', { name: t(`resources.${table}.fields.q`) }).fill(search);
      // The search applies after its pause.
      await expect.poll(() => selectRow(left).count(), { timeout: 10_000 }).toBe(0);
      await selectRow(chosen[count - 1]).waitFor();
      await waitForSettled(page);
    }

    const editSelected = async () => {
      await select();
      await press(page, t('console.bulkEdit.button'), page);
      const dialog = page.getByRole('dialog', { name: t('console.bulkEdit.title', { smart_count: count }) });
      await dialog.waitFor();
      const active = t(`resources.${table}.fields.activeFlag`);
      // The first field's "Change …" box has the focus: Space picks it, and its input appears set to No.
      const pick = dialog.getByRole('checkbox', { name: t('console.bulkEdit.pick', { field: active }) });
      await expect.poll(() => pick.evaluate((box) => box === document.activeElement)).toBe(true);
      await page.keyboard.press('Space');
      await dialog
        .getByRole('switch', { name: active })
        .or(dialog.getByRole('checkbox', { name: active, exact: true }))
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await press(dialog, t('console.bulkEdit.next'), page);
      const changes = t('console.bulkEdit.setTo', { field: active, value: t('ra.boolean.false') });
      await dialog.getByText(t('console.bulkEdit.confirm', { changes, smart_count: count, name: t(`resources.${table}.name`, { smart_count: count }) })).waitFor();
      const apply = dialog.getByRole('button', { name: t('console.bulkEdit.apply', { smart_count: count }) });
      await expect.poll(() => apply.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByText(t('console.bulkEdit.changed', { smart_count: count })).waitFor();
    };
    const row = (name: string) => (width === 390 ? page.locator('#main-content a', { hasText: name }) : page.getByRole('row', { name: new RegExp(name.replaceAll('.', '\\.')) }));
    const shownAs = async (names: readonly string[], flag: 'active' | 'inactive') => {
      for (const name of names)
        await row(name)
          .getByText(t(`console.codes.activeFlag.${flag === 'active' ? 'Y' : 'N'}`), { exact: true })
          .waitFor();
    };

    await editSelected();
    // Shown changed at once, sent only when the notice goes.
    await shownAs(chosen, 'inactive');
    if (!search) await shownAs([left], 'active');
    expect(await flags(table, column, chosen)).toEqual(chosen.map(() => 'Y'));
    const undo = page.getByRole('button', { name: t('ra.action.undo') });
    await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await shownAs(chosen, 'active');
    await page.waitForTimeout(UNDO_WINDOW_MS + 1000);
    expect(await flags(table, column, chosen)).toEqual(chosen.map(() => 'Y'));
    expect(await updates(table)).toEqual([]);

    // Again, left to go: one PATCH changes them all, the record left out keeps its value.
    await editSelected();
    await expect.poll(() => flags(table, column, chosen), { timeout: UNDO_WINDOW_MS + 10_000 }).toEqual(chosen.map(() => 'N'));
    expect(await flags(table, column, [left])).toEqual(['Y']);
    // One request: every record's activity entry carries its id.
    const entries = await updates(table);
    expect(entries).toHaveLength(count);
    expect(new Set(entries.map((entry) => entry.event_id)).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/bulk-edit-${width}-${language}.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});
