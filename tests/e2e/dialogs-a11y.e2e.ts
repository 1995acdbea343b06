import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';
import { seedDemoData, seriousAxeViolations, preferColourScheme } from './axeSurvey';

/**
 * What the every-screen survey cannot reach by loading a URL: the settings panel, the profile dialog,
 * the Connected Data dialog and a manual upload in progress. Each must pass axe (serious and critical)
 * in both colour schemes.
 */
const SHOTS = process.env.SCREEN_SHOTS ?? '/tmp/shots-dialogs-a11y';

let e2e: E2e;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  await seedDemoData(e2e);
}, 180_000);
afterAll(async () => e2e?.close());

/** Serious and critical axe violations, one line each (the same rules as the every-screen survey). */
async function axeFindings(page: Page, what: string): Promise<string[]> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${what}.png`, fullPage: true });
  return (await seriousAxeViolations(page)).map((violation) => `${what}: ${violation}`);
}

async function signedIn(dark: boolean) {
  const { context, page } = await e2e.newPage({ width: 1440, height: 900 });
  const problems = watchProblems(page);
  await preferColourScheme(page, dark);
  await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  return { page, problems, close: () => context.close() };
}

describe.each([
  ['light', false],
  ['dark', true],
] as const)('panels and dialogs pass axe (%s scheme)', (scheme, dark) => {
  it('the settings panel, its swatches a keyboard radio group', async () => {
    const { page, problems, close } = await signedIn(dark);
    await page.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByRole('complementary', { name: 'Settings' });
    await panel.waitFor();
    const findings = await axeFindings(page, `${scheme}-settings`);
    // The arrow keys move the primary colour, and the app restyles at once.
    const primary = panel.getByRole('radiogroup', { name: 'Primary' });
    await primary.getByRole('radio', { name: 'teal', checked: true }).focus();
    await page.keyboard.press('ArrowRight');
    await primary.getByRole('radio', { name: 'cyan', checked: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('cyan');
    findings.push(...(await axeFindings(page, `${scheme}-settings-cyan`)));
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('the e-mail authentication, the profile dialog and its Connected Data dialog', async () => {
    const { page, problems, close } = await signedIn(dark);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const otp = page.getByRole('dialog', { name: 'Email Authentication' });
    await otp.getByRole('button', { name: 'Send' }).click();
    await otp.getByRole('button', { name: 'Re-send' }).waitFor();
    const findings = await axeFindings(page, `${scheme}-otp`);
    await otp.getByLabel('Verification code').fill(await e2e.lastCode(ADMIN_EMAIL));
    await otp.getByRole('button', { name: 'Next' }).click();
    const profile = page.getByRole('dialog', { name: 'My Profile' });
    await profile.getByRole('button', { name: 'Connected Data' }).waitFor();
    findings.push(...(await axeFindings(page, `${scheme}-profile`)));
    await profile.getByRole('button', { name: 'Connected Data' }).click();
    await page.getByRole('dialog', { name: 'Dataset Connection' }).waitFor();
    findings.push(...(await axeFindings(page, `${scheme}-connected-data`)));
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('a manual upload in progress, its bar named', async () => {
    const { page, problems, close } = await signedIn(dark);
    // The server never answers, so the upload bar stays on screen for axe.
    await page.route('**/api/uploads', () => undefined);
    await page.goto('/project/manual');
    await page.locator('input[type=file]').setInputFiles({ name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from('date,value\n2026-03-01,1\n') });
    const bar = page.getByRole('progressbar', { name: /Uploading/ });
    await bar.waitFor();
    expect(await axeFindings(page, `${scheme}-upload-progress`)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });
});
