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
});
