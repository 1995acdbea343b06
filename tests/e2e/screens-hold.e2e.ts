import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-browser15';

let e2e: E2e;
let mediaTemplateId: number;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  const now = new Date().toISOString();
  mediaTemplateId = (
    await e2e.db
      .insertInto('templates')
      .values({ name: 'Media Overview', data_type_code: 'MEDIA', description: 'Spend, reach and frequency', status: 'Y', file_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await e2e.db.insertInto('templates').values({ name: 'CRM Funnel', data_type_code: 'CRM', description: null, status: 'Y', file_id: null, created_at: now, updated_at: now }).execute();
});
afterAll(async () => e2e?.close());

async function signedIn(): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const { context, page } = await e2e.newPage();
  const problems = watchProblems(page);
  await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  return { page, problems, close: () => context.close() };
}

describe('screens that used to crash into "Something went wrong"', () => {
  it('opens a term from the Terms list by clicking its row', async () => {
    const { page, problems, close } = await signedIn();
    await page.getByRole('link', { name: 'Terms', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/system/terms');
    await page.getByRole('row').filter({ hasText: 'Terms of Service' }).getByText('Terms of Service').click();
    await page.waitForURL((url) => /^\/terms\/\d+\/show$/.test(url.pathname));
    await page.getByRole('region', { name: 'Versions' }).waitFor();
    await expectAbsent(page.locator('#main-content'), page.getByText('Something went wrong'));
    expect(problems).toEqual([]);
    await close();
  });

  it('keeps Project Create working when the data type changes after a template was chosen', async () => {
    const { page, problems, close } = await signedIn();
    await page.goto('/project/create');
    await page.locator('input[name=name]').fill('Spring launch');
    // Save too early: the form shows its errors (template, advertiser, countries) as {message, args}.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Choose a template.').first().waitFor();
    await page.getByTestId(`template-${mediaTemplateId}`).click();
    await page.getByRole('combobox', { name: 'Data type' }).click();
    await page.getByRole('option', { name: 'CRM' }).click();
    await page.getByText('CRM Funnel').waitFor();
    await expectAbsent(page.locator('#main-content'), page.getByText('Something went wrong'));
    // What was typed is still there.
    expect(await page.locator('input[name=name]').inputValue()).toBe('Spring launch');
    expect(problems).toEqual([]);
    await close();
  });
});
