import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInOnPage, signInThroughPage, startE2e, waitForSettled, watchProblems, type E2e } from './harness';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

/** The scripts a page fetched, in order, each with its body as the browser ran it. */
function watchScripts(page: Page): { url: string; body: Promise<string> }[] {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push({ url: response.url(), body: response.text() });
  });
  return scripts;
}

/**
 * react-admin's <Admin> with the routes and resources, the frame and the project list, one chunk
 * (vite.config.ts): the sign-in page of a signed-out visitor draws without it.
 */
const SIGNED_IN_CHUNK = /\/assets\/signed-in-[\w-]+\.js$/;
const fetched = (scripts: { url: string }[], chunk: RegExp) => scripts.filter(({ url }) => chunk.test(url)).length;

describe('what the sign-in page loads', () => {
  it('draws the sign-in form without the schema library, the frame or any other screen', async () => {
    const { page } = await e2e.newPage();
    const scripts = watchScripts(page);
    await page.goto('/');
    await page.waitForSelector('input[name=email]');
    await waitForSettled(page);

    expect(scripts.length).toBeGreaterThan(0);
    // zod names its classes in strings, which survive minification.
    for (const script of scripts) expect(await script.body, script.url).not.toContain('ZodError');
    expect(scripts.map(({ url }) => url).filter((url) => /signed-in-|ManualUpload-|SignUp-|NewPassword-/.test(url))).toEqual([]);
    // The page <Admin> would draw: its baseline styles (no page margin, the theme's font) are there too.
    expect(await page.evaluate(() => [getComputedStyle(document.body).margin, getComputedStyle(document.body).fontFamily])).toEqual(['0px', expect.stringContaining('Roboto')]);
  });

  it('draws it in the language chosen on an earlier visit', async () => {
    const { context, page } = await e2e.newPage();
    await context.addInitScript(() => localStorage.setItem('RaStoreconsole.locale', JSON.stringify('ko')));
    await page.goto('/');
    await page.getByRole('heading', { name: '로그인' }).waitFor();
    await page.getByRole('link', { name: '회원가입' }).waitFor();
    await context.close();
  });

  it('leaves the sign-in page for sign-up and a new password, and comes back to a sign-in that works', async () => {
    const { page } = await e2e.newPage();
    const problems = watchProblems(page);
    const scripts = watchScripts(page);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/new-password');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    expect(fetched(scripts, SIGNED_IN_CHUNK)).toBe(1);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-up');
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await page.goBack();
    // Back on sign-in, now drawn by the full app.
    await signInOnPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    expect(fetched(scripts, SIGNED_IN_CHUNK)).toBe(1);
    expect(problems).toEqual([]);
  });

  it('fetches the frame and the project list while the code is typed, and signs in without fetching them again', async () => {
    const { page } = await e2e.newPage();
    const problems = watchProblems(page);
    const scripts = watchScripts(page);
    await page.goto('/sign-in');
    await page.fill('input[name=email]', ADMIN_EMAIL);
    await page.fill('input[name=password]', ADMIN_PASSWORD);
    expect(fetched(scripts, SIGNED_IN_CHUNK)).toBe(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('input[name=code]');

    await expect.poll(() => fetched(scripts, SIGNED_IN_CHUNK), { timeout: 15_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/sign-in');

    await page.fill('input[name=code]', await e2e.lastCode(ADMIN_EMAIL));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    expect(fetched(scripts, SIGNED_IN_CHUNK)).toBe(1);
    expect(problems).toEqual([]);
  });

  it('draws the project list, the first screen after sign-in, in a few scripts and without the schema library', async () => {
    const { page } = await e2e.newPage();
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    // A fresh load of the list, signed in: the cookies stay, nothing is cached.
    const { context: fresh, page: list } = await e2e.newPage();
    await fresh.addCookies(await page.context().cookies());
    const scripts = watchScripts(list);
    await list.goto('/');
    await list.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await waitForSettled(list);
    // Each name less its 8-character content hash.
    const names = scripts.map(({ url }) => new URL(url).pathname.slice(0, -'-01234567.js'.length)).sort();
    expect(names).toEqual(['/assets/index', '/assets/rolldown-runtime', '/assets/signed-in']);
    for (const script of scripts) expect(await script.body, script.url).not.toContain('ZodError');
  });
});
