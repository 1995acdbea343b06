import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, signInThroughPage, startE2e, waitForSettled, watchProblems, type E2e } from './harness';
import { UNDO_WINDOW_MS } from '../../src/shared/constants';
import { seriousAxeViolations } from './axeSurvey';

/**
 * "Edit selected" on a list, by keyboard: rows (on a phone, cards) selected, the field to change
 * picked, one confirmation saying how many records change and how, then the rows change at once with
 * an Undo; undone once (nothing was sent), then done again and left to go, one request for all.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  const api = await adminApi(e2e);
  for (const domain of ['north.co.kr', 'south.co.kr', 'east.co.kr']) await api('POST', '/api/domains', { domain, activeFlag: 'Y' });
  for (const [day, name] of [
    ['2034-03-01', 'Spring Day'],
    ['2034-03-02', 'Garden Day'],
    ['2034-03-03', 'River Day'],
  ])
    await api('POST', '/api/holidays', { date: day, name, country: 'KR', activeFlag: 'Y' });
});
afterAll(async () => e2e?.close());

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
  { width: 1440, table: 'domains', column: 'domain', menu: 'Allowed Domains', noun: 'Allowed Domains', chosen: ['north.co.kr', 'south.co.kr'], left: 'east.co.kr' },
  { width: 390, table: 'holidays', column: 'name', menu: 'Holidays', noun: 'Holidays', chosen: ['Spring Day', 'Garden Day'], left: 'River Day' },
] as const)('Edit selected ($width px, $table)', ({ width, table, column, menu, noun, chosen, left }) => {
  it('sets Active to No on the selected records by keyboard, offers Undo once, then sends one request', async () => {
    const { context, page } = await e2e.newPage({ width, height: 900 });
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    // Arrive by the menu: on a phone it is a drawer behind the menu button.
    if (width === 390) {
      await page.getByRole('button', { name: 'Toggle menu' }).click();
      await page.getByRole('dialog', { name: 'Sidebar' }).getByRole('link', { name: menu }).click();
    } else await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: menu }).click();
    await page.getByRole('checkbox', { name: `Select row ${left}` }).waitFor();
    await waitForSettled(page);

    const editSelected = async () => {
      for (const name of chosen) {
        await page.getByRole('checkbox', { name: `Select row ${name}` }).focus();
        await page.keyboard.press('Space');
      }
      await press(page, 'Edit selected', page);
      const dialog = page.getByRole('dialog', { name: 'Edit 2 selected records' });
      await dialog.waitFor();
      // The first field's "Change …" box has the focus: Space picks it, and its input appears set to No.
      const pick = dialog.getByRole('checkbox', { name: 'Change Active' });
      await expect.poll(() => pick.evaluate((box) => box === document.activeElement)).toBe(true);
      await page.keyboard.press('Space');
      await dialog
        .getByRole('switch', { name: 'Active' })
        .or(dialog.getByRole('checkbox', { name: 'Active', exact: true }))
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await press(dialog, 'Review', page);
      await dialog.getByText(`Set Active to No on 2 ${noun}?`).waitFor();
      const apply = dialog.getByRole('button', { name: 'Change 2 records' });
      await expect.poll(() => apply.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByText('2 records changed').waitFor();
    };
    const row = (name: string) => (width === 390 ? page.locator('#main-content a', { hasText: name }) : page.getByRole('row', { name: new RegExp(name) }));

    await editSelected();
    // Shown changed at once, sent only when the notice goes.
    for (const name of chosen) await row(name).getByText('Inactive').waitFor();
    await row(left).getByText('Active', { exact: true }).waitFor();
    expect(await flags(table, column, chosen)).toEqual(['Y', 'Y']);
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    for (const name of chosen) await row(name).getByText('Active', { exact: true }).waitFor();
    await page.waitForTimeout(UNDO_WINDOW_MS + 1000);
    expect(await flags(table, column, chosen)).toEqual(['Y', 'Y']);
    expect(await updates(table)).toEqual([]);

    // Again, left to go: one PATCH changes both, the third keeps its value.
    await editSelected();
    await expect.poll(() => flags(table, column, chosen), { timeout: UNDO_WINDOW_MS + 10_000 }).toEqual(['N', 'N']);
    expect(await flags(table, column, [left])).toEqual(['Y']);
    // One request: both records' activity entries carry its id.
    const entries = await updates(table);
    expect(entries).toHaveLength(2);
    expect(new Set(entries.map((entry) => entry.event_id)).size).toBe(1);
    await page.screenshot({ path: `/tmp/bulk-edit-${width}.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});
