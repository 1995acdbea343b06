import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

const signIn = (page: Page, email: string, password: string) => signInThroughPage(e2e, page, email, password);

async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name);
}

describe('signing in, staying signed in, signing out', () => {
  it('signs in as the seeded admin with the mailed code, survives a reload, and signs out cleanly', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    expect(await cookieNames(page)).toEqual(expect.arrayContaining(['accessToken', 'refreshToken']));

    await page.reload();
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // An expired access token is renewed silently with the refresh token.
    const expired = [
      { alg: 'HS256', typ: 'JWT' },
      { sub: ADMIN_EMAIL, accountRank: 1, exp: Math.floor(Date.now() / 1000) - 60 },
    ]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .concat('invalid-signature')
      .join('.');
    const before = await context.cookies();
    await context.addCookies([{ name: 'accessToken', value: expired, url: e2e.baseUrl }]);
    await page.reload();
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const renewed = (await context.cookies()).find((cookie) => cookie.name === 'accessToken')!.value;
    expect(renewed).not.toBe(expired);
    expect(JSON.parse(Buffer.from(renewed.split('.')[1], 'base64url').toString()).exp * 1000).toBeGreaterThan(Date.now());
    const refreshToken = (await context.cookies()).find((cookie) => cookie.name === 'refreshToken')!.value;
    expect(refreshToken).not.toBe(before.find((cookie) => cookie.name === 'refreshToken')!.value);
    await page
      .getByRole('button', { name: /profile|account|user menu/i })
      .first()
      .click();
    await page.getByText('Logout').click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(await cookieNames(page)).not.toContain('accessToken');
    expect(await cookieNames(page)).not.toContain('refreshToken');
    const reissue = await fetch(`${e2e.baseUrl}/api/auth/reissue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect((await reissue.json()).result).toBe('ADMIN_ACCESS_TOKEN_NOT_MATCHED');
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });
});

describe('signing up', () => {
  it('takes a new e-mail through code, terms and details to a pending account that cannot sign in yet', async () => {
    const { context, page } = await e2e.newPage();
    const email = 'new.person@example.com';
    await page.goto('/sign-up');
    await page.fill('input[name=email]', email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForSelector('input[name=code]');
    await page.fill('input[name=code]', await e2e.lastCode(email));
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForSelector('input[name=firstName]');
    await page.fill('input[name=firstName]', 'New');
    await page.fill('input[name=lastName]', 'Person');
    await page.selectOption('select[name=company]', 'HQ');
    await page.selectOption('select[name=region]', 'EMEA');
    await page.selectOption('select[name=office]', 'DE');
    await page.fill('input[name=password]', 'Welcome1!');
    await page.fill('input[name=confirmPassword]', 'Welcome1!');
    await page.getByLabel('I agree to Terms of Service').check();
    await page.getByLabel('I agree to Privacy Policy').check();
    await page.getByRole('button', { name: 'Request account' }).click();
    await page.getByText('Your account is awaiting approval.', { exact: false }).waitFor();

    const row = await e2e.db.selectFrom('admins').select(['approval_status_code', 'region_code', 'office_code']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toEqual({ approval_status_code: 'PENDING', region_code: 'EMEA', office_code: 'DE' });

    await page.goto('/sign-in');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'Welcome1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This account is awaiting approval.').waitFor();
    await context.close();
  });
});

describe('resetting a forgotten password', () => {
  it('mails a link that sets a new password once, says so when opened again; the new password signs in', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/sign-in');
    await page.getByText('Forgot password?').click();
    await page.waitForURL((url) => url.pathname === '/new-password');
    await page.fill('input[name=email]', ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('If an account exists for that e-mail').waitFor();

    const link = await e2e.lastLink(ADMIN_EMAIL);
    expect(link).toMatch(/\/new-password\/[\w-]+$/);
    await page.goto(new URL(link).pathname);
    await page.fill('input[name=password]', 'Renewed9#');
    await page.fill('input[name=confirmPassword]', 'Renewed9#');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password has been changed.').waitFor();

    // A used link says so on opening, before anything is typed, and leads to asking again.
    await page.goto(new URL(link).pathname);
    await page.getByText('This link was used or has expired.').waitFor();
    await expectAbsent(page.getByRole('main'), page.locator('input[name=password]'));
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL((url) => url.pathname === '/new-password');

    await signIn(page, ADMIN_EMAIL, 'Renewed9#');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('terms, ranks and unknown paths', () => {
  it('asks for the terms in effect, then warns a user opening a System Setting route and lands them on the project list; an unknown path is not found', async () => {
    const email = 'plain.user@example.com';
    const id = await e2e.createAccount(email, 'Welcome1!');
    await e2e.db.deleteFrom('term_agreements').where('admin_id', '=', id).execute();
    const { context, page } = await e2e.newPage();
    // This account has never agreed to the terms in effect, so sign-in asks for them first.
    await signIn(page, email, 'Welcome1!');
    await page.getByText('Our terms have changed. Please review them to continue.').waitFor();
    await page.getByLabel('I agree to Terms of Service').check();
    await page.getByLabel('I agree to Privacy Policy').check();
    await page.getByRole('button', { name: 'Agree and continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Manual Upload').first().waitFor();
    await expectAbsent(page.getByRole('navigation', { name: 'Main menu' }), page.getByText('System Setting'));
    const agreed = await e2e.db.selectFrom('term_agreements').innerJoin('admins', 'admins.id', 'term_agreements.admin_id').select('term_version_id').where('admins.email', '=', email).execute();
    expect(agreed).toHaveLength(2);

    await page.goto('/system/terms');
    await page.getByText('You are not authorized to access request area.', { exact: false }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/no/such/screen');
    await page.getByText('Page not found').first().waitFor();
    await page.getByText('There is nothing at this address.').waitFor();
    await context.close();
  });
});
