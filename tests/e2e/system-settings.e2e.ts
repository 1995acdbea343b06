import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';
import domains from '../../src/resources/domains';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

describe('System Setting screens', () => {
  it('lets a system-admin add, find, edit and delete an allowed domain', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Allowed Domains' }).click();
    await page.waitForURL((url) => url.pathname === domains.listPath);
    await page.getByText('example.com').waitFor();

    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=domain]').fill('Agency.CO.KR');
    await page.locator('textarea[name=description]').fill('Our media agency');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === domains.listPath);
    await page.getByText('Domain agency.co.kr added').waitFor();
    await page.getByRole('cell', { name: 'agency.co.kr', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=domain]').fill('agency.co.kr');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('agency.co.kr is already on the allowed list.').first().waitFor();
    await page.locator('input[name=domain]').fill('not a domain');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a domain such as example.com.').first().waitFor();
    expect(await e2e.db.selectFrom('domains').select('domain').execute()).toHaveLength(2);

    await page.goto(domains.listPath);
    await page.getByPlaceholder('Search', { exact: true }).fill('agency');
    await page.getByText('1-1 of 1').waitFor();
    await page.getByRole('cell', { name: 'agency.co.kr', exact: true }).click();
    await page.locator('textarea[name=description]').fill('Renamed agency');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Domain agency.co.kr saved').waitFor();
    await page.getByText('Renamed agency').waitFor();

    await page.getByRole('cell', { name: 'agency.co.kr', exact: true }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === domains.listPath);
    await page.getByText('Domain deleted').waitFor();
    await expect.poll(async () => (await e2e.db.selectFrom('domains').select('domain').execute()).map((row) => row.domain)).toEqual(['example.com']);
    // The list keeps its search across visits (react-admin's store): clear it to see every domain.
    await page.getByPlaceholder('Search', { exact: true }).fill('');
    await page.getByText('example.com').waitFor();
    await expectAbsent(page.locator('#main-content'), page.getByText('agency.co.kr'));

    // Filters that are not always shown are reached through "Add filter".
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Active' }).click();
    await page.getByRole('combobox', { name: 'Active' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    // The filter is debounced: the list is read once the address carries it and the page has settled.
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"activeFlag":"N"'));
    await expectAbsent(page.locator('#main-content'), page.getByText('example.com'));
    expect(problems.filter((problem) => !/40[09]/.test(problem))).toEqual([]);
    await context.close();
  });

  it('keeps the System Setting group from a user, whose typed URL gets the Permission Error', async () => {
    await e2e.createAccount('settings.user@example.com', 'Welcome1!');
    const { context, page } = await e2e.newPage();
    await signInThroughPage(e2e, page, 'settings.user@example.com', 'Welcome1!');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Manual Upload').first().waitFor();
    await expectAbsent(page.getByRole('navigation', { name: 'Main menu' }), page.getByText('System Setting'));
    await page.goto(domains.listPath);
    await page.getByText('You are not authorized to access request area.', { exact: false }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/domains/create');
    await page.getByText('You are not authorized to access request area.', { exact: false }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
