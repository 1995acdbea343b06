import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';
import domains from '../../src/resources/domains';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  const now = new Date().toISOString();
  await e2e.db
    .insertInto('domains')
    .values({ domain: 'views.example', description: 'A domain for the views', active_flag: 'Y', created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('domain').doNothing())
    .execute();
});
afterAll(async () => e2e?.close());

/** The same person in a browser of their own: a fresh context, signed in, on the Allowed Domains list. */
async function onDomainList() {
  const { context, page } = await e2e.newPage({ width: 1440, height: 900 });
  const problems = watchProblems(page);
  await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(domains.listPath);
  await page.getByText('views.example').waitFor();
  return { page, problems, close: () => context.close() };
}

describe('saved views and chosen columns', () => {
  it('follow the person: a view saved and a column hidden in one browser are there in another, and after sign-out and sign-in', async () => {
    const first = await onDomainList();
    await expect.poll(() => first.page.getByRole('columnheader', { name: 'Description' }).count()).toBe(1);

    // Hide a column and save the view, by keyboard.
    await first.page.getByRole('button', { name: 'Columns' }).focus();
    await first.page.keyboard.press('Enter');
    await first.page.getByLabel('Description').focus();
    await first.page.keyboard.press('Space');
    await first.page.keyboard.press('Escape');
    await expect.poll(() => first.page.getByRole('columnheader', { name: 'Description' }).count()).toBe(0);
    await first.page.getByRole('button', { name: 'Views' }).focus();
    await first.page.keyboard.press('Enter');
    await first.page.getByRole('menuitem', { name: 'Save current view…' }).focus();
    const saved = first.page.waitForResponse((response) => response.url().endsWith('/api/system/preferences/domains.savedQueries') && response.request().method() === 'PUT');
    await first.page.keyboard.press('Enter');
    await first.page.getByRole('textbox', { name: 'View name' }).fill('Without descriptions');
    await first.page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => first.page.getByText('The view “Without descriptions” is saved.').count()).toBe(1);
    expect(first.problems).toEqual([]);

    const second = await onDomainList();
    await expect.poll(() => second.page.getByRole('columnheader', { name: 'Description' }).count()).toBe(0);
    await second.page.getByRole('button', { name: 'Views' }).click();
    await second.page.getByRole('menuitem', { name: 'Without descriptions', exact: true }).waitFor();
    await second.page.keyboard.press('Escape');

    // Sign-out empties this browser's copy; signing in again brings the person's own back.
    await second.page.getByRole('button', { name: 'User menu' }).click();
    await second.page.getByRole('menuitem', { name: 'Logout' }).click();
    await second.page.waitForURL((url) => url.pathname === '/sign-in');
    expect(await second.page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('domains.savedQueries')))).toEqual([]);
    await signInThroughPage(e2e, second.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await second.page.waitForURL((url) => url.pathname === '/');
    await second.page.goto(domains.listPath);
    await second.page.getByText('views.example').waitFor();
    await expect.poll(() => second.page.getByRole('columnheader', { name: 'Description' }).count()).toBe(0);
    await second.page.getByRole('button', { name: 'Views' }).click();
    await second.page.getByRole('menuitem', { name: 'Without descriptions', exact: true }).waitFor();
    expect(second.problems).toEqual([]);
    await second.close();
    await first.close();
  });

  it("keep each list's last filter and sort for the person: in a fresh browser, the list opened from the menu is as they left it", async () => {
    // From the list's own order (a retry finds the last run's state kept).
    await e2e.db.deleteFrom('list_preferences').where('key', '=', 'domains.listParams').execute();
    const first = await onDomainList();
    const search = first.page.getByRole('textbox', { name: 'Search' });
    await search.fill('views');
    await first.page.waitForURL((url) => url.searchParams.get('filter') === JSON.stringify({ q: 'views' }));
    // Sort by domain, Z to A, from the keyboard: the column's header toggles the list's own A to Z.
    const kept = first.page.waitForResponse((response) => {
      if (!response.url().endsWith('/api/system/preferences/domains.listParams') || response.request().method() !== 'PUT') return false;
      const { value } = response.request().postDataJSON() as { value: { filter: unknown; sort: string; order: string } };
      return JSON.stringify(value.filter) === JSON.stringify({ q: 'views' }) && value.sort === 'domain' && value.order === 'DESC';
    });
    await first.page.getByRole('columnheader', { name: 'Domain' }).getByRole('button').focus();
    await first.page.keyboard.press('Enter');
    expect((await kept).status()).toBe(200);
    expect(first.problems).toEqual([]);

    const { context, page } = await e2e.newPage({ width: 1440, height: 900 });
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Allowed Domains' }).click();
    await page.getByText('views.example').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Search' }).inputValue()).toBe('views');
    // The column's sort label shows the list ordered by it, Z to A.
    await page.getByRole('columnheader', { name: 'Domain' }).locator('.MuiTableSortLabel-root.Mui-active .MuiTableSortLabel-iconDirectionDesc').waitFor();
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('filter'), url.searchParams.get('sort'), url.searchParams.get('order')]).toEqual([domains.listPath, JSON.stringify({ q: 'views' }), 'domain', 'DESC']);
    expect(problems).toEqual([]);
    await context.close();
    await first.close();
  });
});
