import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-properties';
const LIST = '/system/project-property';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => e2e?.close());

/** MUI dialogs and toasts fade in over 225 ms; a screenshot waits for them to settle. */
async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const onTab = (kind: string) => (url: URL) => url.pathname === LIST && url.searchParams.get('kind') === kind;
const countries = () => e2e.db.selectFrom('countries').select(['code', 'name', 'region_code']).orderBy('code').execute();

async function chooseRegion(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: label }).click();
}

describe('Project Properties screen', () => {
  it('lets a system-admin add a country to EMEA, find, edit and delete it, and refuses to delete Korea, which is in use', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Project Properties' }).click();
    await page.waitForURL((url) => url.pathname === LIST);
    await page.getByText('Asia Pacific').waitFor();
    await shoot(page, '01-regions');

    await page.getByRole('tab', { name: 'Countries' }).click();
    await page.waitForURL(onTab('countries'));
    await page.getByText('Korea').waitFor();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/properties/create' && url.searchParams.get('kind') === 'countries');
    await page.getByText('New Country').first().waitFor();
    await page.locator('input[name=code]').fill('pt');
    expect(await page.locator('input[name=code]').inputValue()).toBe('PT');
    await page.locator('input[name=name]').fill('Portugal');
    await chooseRegion(page, 'Europe, Middle East & Africa (EMEA)');
    await page.locator('input[name=no]').fill('30');
    await shoot(page, '02-create-country');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(onTab('countries'));
    // Sort no. 30 puts it on the second page of 14; the search below finds it.
    await page.getByText('1-10 of 14').waitFor();
    expect(await countries()).toContainEqual({ code: 'PT', name: 'Portugal', region_code: 'EMEA' });

    // A duplicate code is refused under Code, and nothing is saved.
    const before = await countries();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=code]').fill('KR');
    await page.locator('input[name=name]').fill('Korea again');
    await chooseRegion(page, 'Asia Pacific (APAC)');
    await page.getByRole('button', { name: 'Save' }).click();
    const codeField = page.locator('.MuiFormControl-root', { has: page.locator('input[name=code]') });
    await codeField.getByText('The code KR already exists.').waitFor();
    await shoot(page, '03-duplicate-code');
    expect(await countries()).toEqual(before);

    // Reload keeps the tab; back returns to the previous tab.
    await page.goto(`${LIST}?kind=countries`);
    await page.reload();
    await page.getByText('Korea').waitFor();
    expect(await page.getByRole('tab', { name: 'Countries' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Companies' }).click();
    await page.getByText('Headquarters').waitFor();
    await page.goBack();
    await page.waitForURL(onTab('countries'));
    await page.getByText('Korea').waitFor();

    await page.getByPlaceholder('Search', { exact: true }).fill('portu');
    await page.getByText('1-1 of 1').waitFor();
    await page.getByPlaceholder('Search', { exact: true }).fill('');
    await chooseRegion(page, 'Europe, Middle East & Africa (EMEA)');
    await page.getByText('1-5 of 5').waitFor();
    await expectAbsent(page.locator('#main-content'), page.getByText('Korea'));
    await page.getByText('Portugal').waitFor();
    await shoot(page, '04-emea-filter');

    await page.getByText('Portugal').click();
    await page.locator('input[name=name]').fill('Portuguese Republic');
    await page.getByRole('button', { name: 'Save' }).click();
    // Back on the tab as it was left: still filtered to EMEA.
    await page.waitForURL(onTab('countries'));
    // The name is in the list and in the save toast.
    await page.getByRole('cell', { name: 'Portuguese Republic' }).waitFor();
    await page.getByText('1-5 of 5').waitFor();
    expect(await countries()).toContainEqual({ code: 'PT', name: 'Portuguese Republic', region_code: 'EMEA' });

    // Korea is used by the seeded admin: the refusal names the count, and nothing is deleted.
    await page.goto(`${LIST}?kind=countries`);
    await page.getByText('Korea').click();
    await page.waitForURL((url) => url.pathname.startsWith('/properties/countries'));
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/It cannot be deleted: KR is used by 2 records/).waitFor();
    await shoot(page, '05-korea-in-use');
    expect(await countries()).toContainEqual({ code: 'KR', name: 'Korea', region_code: 'APAC' });
    expect(page.url()).toContain('/properties/countries');
    await page.getByRole('link', { name: 'Show' }).click();
    await page.getByText('Country KR').waitFor();
    await page.getByText('Asia Pacific (APAC)').waitFor();

    await page.goto(`${LIST}?kind=countries`);
    await page.getByPlaceholder('Search', { exact: true }).fill('PT');
    await page.getByText('1-1 of 1').waitFor();
    await page.getByText('Portuguese Republic').click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(onTab('countries'));
    await expect.poll(async () => (await countries()).map((country) => country.code)).not.toContain('PT');
    await page.getByText('No Project Properties found').waitFor();
    expect(await page.getByPlaceholder('Search', { exact: true }).inputValue()).toBe('PT');
    await expectAbsent(page.locator('#main-content'), page.getByText('Portuguese Republic'));
    expect(await countries()).toHaveLength(13);
    await shoot(page, '06-after-delete');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${LIST}?kind=countries`);
    await page.getByText('Korea').waitFor();
    await shoot(page, '07-phone');

    // 409s are the refusals above; ERR_ABORTED is a request cut short by this test's own goto/reload.
    expect(problems.filter((problem) => !/40[09]|net::ERR_ABORTED/.test(problem))).toEqual([]);
    await context.close();
  });
});
