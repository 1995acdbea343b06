import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';
import { signUpThroughApi } from './signUps';
import { preferKorean, seriousAxeViolations } from './axeSurvey';

const SHOTS = '/tmp/shots-users';
const NEW_EMAIL = 'newcomer@example.com';
const NEW_PASSWORD = 'Welcome1!';

let e2e: E2e;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

/** The newcomer the journey approves, edits and deactivates; the bulk sign-ups share the rest. */
const signUp = (email: string) => signUpThroughApi(e2e, { email, password: NEW_PASSWORD, firstName: 'Nora', lastName: 'Newcomer', requestComment: 'Joining the Seoul team' });

const account = () => e2e.db.selectFrom('admins').selectAll().where('email', '=', NEW_EMAIL).executeTakeFirstOrThrow();
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('User Management screens', () => {
  it('takes a sign-up from pending to approved, edited, signed in, and deactivated with its session ended', async () => {
    await signUp(NEW_EMAIL);

    const adminSide = await e2e.newPage();
    const admin = adminSide.page;
    const problems = watchProblems(admin);
    await signInThroughPage(e2e, admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.waitForURL((url) => url.pathname === '/');
    await admin.getByRole('link', { name: 'Users' }).click();
    await admin.waitForURL((url) => url.pathname === '/user/users');
    await admin.getByRole('button', { name: 'Pending sign-ups' }).click();
    await admin.getByText('1-1 of 1').waitFor();
    const row = admin.getByRole('row').filter({ hasText: NEW_EMAIL });
    await row.getByText('Pending').first().waitFor();
    await shot(admin, 'users-pending');

    await row.getByText(NEW_EMAIL).click();
    await admin.waitForURL(/\/users\/\d+\/show/);
    await admin.getByText('Joining the Seoul team').waitFor();
    await shot(admin, 'user-show-pending');
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Nora Newcomer has been approved.').waitFor();
    await expect.poll(async () => (await account()).approval_status_code).toBe('APPROVED');
    await e2e.app.ctx.mailer.idle();
    const mail = await e2e.db.selectFrom('mail_outbox').select('template_type').where('to_address', '=', NEW_EMAIL).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.template_type).toBe('signup-approved');

    for (const tab of ['Organisation', 'Sign-in and security', 'Projects']) {
      await admin.getByRole('tab', { name: tab }).click();
      await shot(admin, `user-show-${tab.toLowerCase().replace(/\W+/g, '-')}`);
    }
    await admin
      .getByText('Media Agency (AGENCY)')
      .first()
      .waitFor({ state: 'attached' })
      .catch(() => undefined);
    await admin.getByText('No projects yet.').waitFor();

    // Edit: make the newcomer a local-admin connected to Korea and Japan, chosen in the Dataset Connection dialog.
    await admin.getByRole('link', { name: 'Edit' }).click();
    await admin.waitForURL(/\/users\/\d+$/);
    await admin.getByRole('combobox', { name: 'Level' }).click();
    const levels = await admin.getByRole('option').allTextContents();
    expect(levels).toEqual(['System admin', 'Global admin', 'Region admin', 'Local admin', 'User']);
    await admin.getByRole('option', { name: 'Local admin' }).click();
    await admin.getByRole('button', { name: 'Choose countries' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Dataset Connection' });
    await dialog.getByLabel('Japan').check();
    await shot(admin, 'user-edit-countries-dialog');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await admin.getByRole('combobox', { name: 'Data type' }).last().click();
    await admin.getByRole('option', { name: 'Media' }).click();
    await shot(admin, 'user-edit');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/users\/\d+\/show/);
    await expect.poll(async () => (await account()).authority).toBe('local-admin');
    const id = (await account()).id;
    const countries = await e2e.db.selectFrom('admin_countries').select('country_code').where('admin_id', '=', id).orderBy('country_code').execute();
    expect(countries.map((country) => country.country_code)).toEqual(['JP', 'KR']);
    expect(await e2e.db.selectFrom('admin_data_types').select(['advertiser_code', 'data_type_code']).where('admin_id', '=', id).execute()).toEqual([
      { advertiser_code: 'ACME', data_type_code: 'MEDIA' },
    ]);

    // The newcomer signs in, in a second browser.
    const userSide = await e2e.newPage();
    const user = userSide.page;
    await signInThroughPage(e2e, user, NEW_EMAIL, NEW_PASSWORD);
    await user.waitForURL((url) => url.pathname === '/');
    await user.getByRole('link', { name: 'Users' }).waitFor();
    // The project list has loaded, so the next call is the one the click below makes.
    await user.getByText('No projects yet').waitFor();

    // The admin deactivates the newcomer, confirming first.
    await admin.getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('The account has been deactivated and signed out.').waitFor();
    await expect.poll(async () => (await account()).status_code).toBe('INACTIVE');
    await admin.getByRole('button', { name: 'Activate' }).waitFor();
    await shot(admin, 'user-show-deactivated');

    // The newcomer's next call is refused and the browser goes to sign-in.
    await user.getByRole('link', { name: 'Users' }).click();
    await user.waitForURL((url) => url.pathname === '/sign-in');
    await shot(user, 'deactivated-user-sent-to-sign-in');

    await admin.goto('/user/users');
    await admin.getByRole('button', { name: 'All users' }).click();
    await admin.getByText(NEW_EMAIL).waitFor();
    await shot(admin, 'users-list');
    expect(problems.filter((problem) => !/40[0149]/.test(problem))).toEqual([]);
    await userSide.context.close();
    await adminSide.context.close();
  });

  it('asks before a system-admin deactivates or demotes another, naming them, and mails every system-admin', async () => {
    const peerId = await e2e.createAccount('departed@example.com', 'Departed#2024x', 'system-admin');
    await e2e.db.updateTable('admins').set({ first_name: 'Dana', last_name: 'Departed' }).where('id', '=', peerId).execute();
    const peer = () => e2e.db.selectFrom('admins').select(['authority', 'status_code']).where('id', '=', peerId).executeTakeFirstOrThrow();
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');

    // The edit form: moving them below the system-admin level asks first; cancelling changes nothing.
    await page.goto('/user/users');
    await page.getByText('departed@example.com').click();
    await page.waitForURL(/\/users\/\d+\/show/);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/users\/\d+$/);
    await page.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: 'Global admin' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const ask = page.getByRole('dialog', { name: 'Remove Dana Departed from the active system-admins?' });
    await ask.waitFor();
    await shot(page, 'user-edit-remove-system-admin-confirm');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await peer()).toEqual({ authority: 'system-admin', status_code: 'ACTIVE' });
    // The second time by keyboard alone: Save, then Tab to Confirm and Enter.
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await ask.waitFor();
    const confirm = ask.getByRole('button', { name: 'Confirm' });
    for (let presses = 0; presses < 6 && !(await confirm.evaluate((button) => button === document.activeElement)); presses++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/users\/\d+\/show/);
    await expect.poll(async () => (await peer()).authority).toBe('global-admin');
    await e2e.app.ctx.mailer.idle();
    const mail = await e2e.db.selectFrom('mail_outbox').select(['template_type', 'body_text']).where('to_address', '=', ADMIN_EMAIL).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.template_type).toBe('system-admin-removed');
    expect(mail.body_text).toContain('Dana Departed (departed@example.com)');

    // The show page: deactivating a system-admin names them and says who is told.
    await e2e.db.updateTable('admins').set({ authority: 'system-admin', account_rank: 1, account_level: 'SYSTEM' }).where('id', '=', peerId).execute();
    // Still on their page after the save: read again, they are a system-admin once more. On a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Deactivate Dana Departed?' });
    await deactivate.getByText('Every system-admin, and they, are told by e-mail who did it').waitFor();
    await shot(page, 'user-show-deactivate-system-admin-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await deactivate.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The account has been deactivated and signed out.').waitFor();
    expect(await peer()).toEqual({ authority: 'system-admin', status_code: 'INACTIVE' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('bulk-approves pending sign-ups from the list', async () => {
    for (const email of ['bulk.one@example.com', 'bulk.two@example.com']) await signUp(email);
    const { context, page } = await e2e.newPage();
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/user/users');
    await page.getByRole('button', { name: 'Pending sign-ups' }).click();
    await page.getByText('1-2 of 2').waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await shot(page, 'users-bulk-approve-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('2 accounts have been approved.').waitFor();
    const pending = await e2e.db.selectFrom('admins').select('email').where('approval_status_code', '=', 'PENDING').execute();
    expect(pending).toEqual([]);
    await context.close();
  });

  it('shows the access history with totals and a sign-ins-per-day chart', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Access History' }).click();
    await page.waitForURL((url) => url.pathname === '/user/access-history');
    const stats = page.getByTestId('access-stats');
    await stats.getByText('Sign-ins', { exact: true }).waitFor();
    await page.getByRole('img', { name: /Sign-ins per day from .* successful/ }).waitFor();
    await page.getByText(NEW_EMAIL).first().waitFor();
    await shot(page, 'access-history');
    await page.getByRole('textbox', { name: 'From' }).fill('2030-01-02');
    await page.getByRole('textbox', { name: 'To' }).fill('2030-01-01');
    await page.getByText('The end of the date range must not be before its start.').first().waitFor();
    expect(problems.filter((problem) => !/400/.test(problem))).toEqual([]);
    await context.close();
  });

  it('exports the Users list as it shows it, in Korean: the shown columns only, under their Korean labels, statuses as words', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await preferKorean(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/user/users');
    await expect.poll(() => page.getByRole('columnheader', { name: '국가' }).count()).toBe(1);
    // Hide Country from the Columns button.
    await page.getByRole('button', { name: '열', exact: true }).click();
    await page.locator('.MuiPopover-root').getByLabel('국가').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('columnheader', { name: '국가' }).count()).toBe(0);

    await page.getByRole('button', { name: '내보내기' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const file = await (await download).path();
    const [header, ...rows] = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header).not.toContain('국가');
    expect(header).toEqual(expect.arrayContaining(['이메일', '이름', '상태', '상태 (코드)']));
    const status = header.indexOf('상태');
    const admin = rows.find((row) => row.includes(ADMIN_EMAIL))!;
    expect(admin[status]).toBe('활성');
    expect(admin[status + 1]).toBe('ACTIVE');
    expect(problems).toEqual([]);
    await context.close();
  });
});
