import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-profile';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => e2e?.close());

async function signIn(page: Page, email: string, password: string) {
  await signInThroughPage(e2e, page, email, password);
  await page.waitForURL((url) => url.pathname === '/');
}

/** MUI dialogs and toasts fade in over 225 ms; a screenshot waits for them to settle. */
async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Waits until an input shows the value (fields fill in once the profile has loaded). */
async function valueOf(field: Locator, expected: string): Promise<string> {
  await field.waitFor();
  for (let attempt = 0; attempt < 50 && (await field.inputValue()) !== expected; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  return field.inputValue();
}

/** Top-bar user popover → Profile → Email Authentication with the mailed code → My Profile. */
async function openProfileThroughOtp(page: Page, email: string, shot: string): Promise<Locator> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const otp = page.getByRole('dialog', { name: 'Email Authentication' });
  expect(await valueOf(otp.getByLabel('Email'), email)).toBe(email);
  await shoot(page, `${shot}-otp-unsent`);
  await otp.getByRole('button', { name: 'Send' }).click();
  await otp.getByRole('button', { name: 'Re-send' }).waitFor();
  const startedAt = await otp.getByRole('timer').textContent();
  expect(startedAt).toMatch(/Time left 0[45]:\d\d/);
  await page.waitForTimeout(1100);
  expect(await otp.getByRole('timer').textContent()).not.toBe(startedAt);
  await otp.getByRole('button', { name: 'Next' }).click();
  await otp.getByText('OTP is required').waitFor();
  await otp.getByLabel('Verification code').pressSequentially('12ab');
  expect(await otp.getByLabel('Verification code').inputValue()).toBe('12');
  await otp.getByLabel('Verification code').fill(await e2e.lastCode(email));
  // The message goes once a code is typed: a removal, so polled.
  await expect.poll(() => otp.getByText('OTP is required').count()).toBe(0);
  await shoot(page, `${shot}-otp-sent`);
  await otp.getByRole('button', { name: 'Next' }).click();
  await otp.waitFor({ state: 'detached' });
  const profile = page.getByRole('dialog', { name: 'My Profile' });
  expect(await valueOf(profile.getByLabel('Email'), email)).toBe(email);
  return profile;
}

async function fillPasswords(profile: Locator, current: string, next: string, confirm = next) {
  await profile.getByLabel('Current Password', { exact: true }).fill(current);
  await profile.getByLabel('New Password', { exact: true }).fill(next);
  await profile.getByLabel('Confirm New Password', { exact: true }).fill(confirm);
}

describe('Profile through e-mail authentication', () => {
  it('shows the profile after the mailed code, changes the password, and the new password signs in', async () => {
    const email = 'profile.user@example.com';
    await e2e.createAccount(email, 'Start#pass1', 'user');
    const { context, page } = await e2e.newPage({ width: 1440, height: 900 });
    const problems = watchProblems(page);
    await signIn(page, email, 'Start#pass1');

    const profile = await openProfileThroughOtp(page, email, 'desktop');
    expect(await valueOf(profile.getByLabel('Name'), 'user Tester')).toBe('user Tester');
    expect(await profile.getByLabel('Account Level').inputValue()).toBe('USER');
    expect(await profile.getByLabel('Company').inputValue()).toBe('Headquarters');
    expect(await profile.getByLabel('Region').inputValue()).toBe('Asia Pacific');
    expect(await profile.getByLabel('Country of Office').inputValue()).toBe('Korea');
    expect(await profile.getByLabel('Approval').inputValue()).toBe('No');
    expect(await page.evaluate(() => [sessionStorage.getItem('otpVerified'), Boolean(sessionStorage.getItem('otpToken'))])).toEqual(['Y', true]);
    const box = await profile.boundingBox();
    expect(Math.round(box!.width)).toBe(Math.round(1440 * 0.4));
    await shoot(page, 'desktop-profile');

    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Current Password is required.').waitFor();
    await fillPasswords(profile, 'Start#pass1', 'Start#pass1');
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Your current password and the password you want to change to must not match.').waitFor();
    await shoot(page, 'desktop-profile-invalid');

    await profile.getByRole('button', { name: 'Connected Data' }).click();
    const connection = page.getByRole('dialog', { name: 'Dataset Connection' });
    await connection.getByRole('list', { name: 'Connected Countries' }).getByText('Asia Pacific').waitFor();
    await connection.getByText('Korea').waitFor();
    expect(Math.round((await connection.boundingBox())!.width)).toBe(Math.round(1440 * 0.3));
    await shoot(page, 'desktop-connected-data');
    await connection.getByRole('button', { name: 'Close' }).click();
    await connection.waitFor({ state: 'detached' });

    await fillPasswords(profile, 'Wrong#pass1', 'Fresh#pass2');
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Some fields need attention').waitFor();
    await profile.getByText('The current password is not correct.').waitFor();

    await fillPasswords(profile, 'Start#pass1', 'Fresh#pass2');
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password has been changed.', { exact: true }).waitFor();
    await profile.waitFor({ state: 'detached' });
    await shoot(page, 'desktop-change-success');

    // Verified in this browser session: Profile opens straight away.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('dialog', { name: 'My Profile' }).getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(await page.evaluate(() => sessionStorage.getItem('otpVerified'))).toBeNull();

    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'Start#pass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid credentials').waitFor();
    await signIn(page, email, 'Fresh#pass2');

    expect(problems.filter((problem) => !/\b(400|401)\b/.test(problem))).toEqual([]);
    await context.close();
  });

  // The seeded admin has every advertiser and country connected; this test only reads its profile.
  it('lays the dialogs out on a phone', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    const problems = watchProblems(page);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    const profile = await openProfileThroughOtp(page, ADMIN_EMAIL, 'phone');
    expect(await valueOf(profile.getByLabel('Name'), 'System Admin')).toBe('System Admin');
    expect(await profile.getByLabel('Advertiser & data type').inputValue()).toBe('Acme Electronics: CRM, Media, Retail, Social\nGlobex Retail: CRM, Media, Retail, Social');
    expect(Math.round((await profile.boundingBox())!.width)).toBe(Math.round(390 * 0.75));
    await shoot(page, 'phone-profile');
    await profile.getByRole('button', { name: 'Connected Data' }).click();
    const connection = page.getByRole('dialog', { name: 'Dataset Connection' });
    await connection.getByRole('list', { name: 'Connected Countries' }).getByText('Latin America').waitFor();
    await shoot(page, 'phone-connected-data');
    expect(problems).toEqual([]);
    await context.close();
  });
});
