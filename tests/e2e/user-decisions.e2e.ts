import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, type E2e } from './harness';
import { signUpThroughApi } from './signUps';

const SHOTS = process.env.SCREEN_SHOTS ?? '/tmp/shots-user-decisions';
const PASSWORD = 'Welcome1!';

let e2e: E2e;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

const signUp = (email: string, lastName: string) => signUpThroughApi(e2e, { email, password: PASSWORD, firstName: 'Pat', lastName });

describe('deciding on sign-ups', () => {
  it('approves with a toast naming the user, offers nothing where Approve was, and shows Pending rather than Active before', async () => {
    await signUp('pat.pending@example.com', 'Pending');
    const { context, page } = await e2e.newPage();
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/user/users');
    const row = page.getByRole('row').filter({ hasText: 'pat.pending@example.com' });
    await row.waitFor();
    await expectAbsent(row, page.getByText('Active', { exact: true }));

    await row.getByText('pat.pending@example.com').click();
    await page.waitForURL(/\/users\/\d+\/show/);
    const approve = page.getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    await expectAbsent(page.locator('#main-content'), page.getByRole('button', { name: 'Send reset link' }));
    await page.screenshot({ path: `${SHOTS}/user-pending-decision.png`, fullPage: true });
    const box = (await approve.boundingBox())!;
    await approve.click();
    await page.getByText('Pat Pending has been approved.').waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    // Whatever is now under the pointer is not an action button.
    const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button, a')?.textContent ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(under).toBeNull();
    await page.screenshot({ path: `${SHOTS}/user-approved.png`, fullPage: true });
    await context.close();
  });

  it('rejects with a toast naming the user; a rejected account shows Rejected and is not offered a reset link', async () => {
    await signUp('pat.rejected@example.com', 'Rejected');
    const { context, page } = await e2e.newPage();
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/user/users');
    await page.getByText('pat.rejected@example.com').click();
    await page.waitForURL(/\/users\/\d+\/show/);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (sent to nobody, kept on the account)').fill('Unknown company');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Pat Rejected has been rejected.').waitFor();
    await page.getByRole('button', { name: 'Deactivate' }).waitFor();
    await expectAbsent(page.locator('#main-content'), page.getByRole('button', { name: 'Send reset link' }));
    expect(await page.getByText('Rejected', { exact: true }).count()).toBeGreaterThan(0);
    await expectAbsent(page.locator('#main-content'), page.getByText('Active', { exact: true }));
    await context.close();
  });

  it('Add filter on Users offers the filters that are not always shown, and a chosen one filters the list', async () => {
    const { context, page } = await e2e.newPage();
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/user/users');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox').first().waitFor();
    const items = (await page.getByRole('menuitemcheckbox').allTextContents()).map((item) => item.trim());
    await page.screenshot({ path: `${SHOTS}/users-add-filter.png`, fullPage: true });
    for (const name of ['Level', 'Region', 'Country', 'Approver', 'Locked']) expect(items).toContain(name);
    await page.getByRole('menuitemcheckbox', { name: 'Region' }).click();
    await page.getByRole('combobox', { name: 'Region' }).click();
    await page.screenshot({ path: `${SHOTS}/users-region-filter.png`, fullPage: true });
    await page.getByRole('option', { name: 'North America' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"region":"NA'));
    await expectAbsent(page.locator('#main-content'), page.getByText('admin@example.com'));
    // With a filter set, react-admin would add its own "Save current query…" here: views are saved from the Views button.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox').first().waitFor();
    await expectAbsent(page.getByRole('menu'), page.getByRole('menuitem', { name: /save current query/i }));
    await context.close();
  });
});
