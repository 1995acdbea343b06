import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInOnPage, startE2e, watchProblems, type E2e } from './harness';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

/** Counts the main frame's navigations (pushState and replaceState included) from now on. */
function countNavigations(page: Page): () => number {
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Opens `address` signed out in a fresh context; the sign-in form must show and the address must settle. */
async function arriveSignedOut(address: string, viewport?: { width: number; height: number }) {
  const { context, page } = await e2e.newPage(viewport);
  const problems = watchProblems(page);
  const navigations = countNavigations(page);
  await page.goto(address);
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 5_000 });
  await page.locator('input[name=email]').waitFor({ state: 'visible' });
  const before = navigations();
  await page.waitForTimeout(2_000);
  expect(navigations() - before).toBeLessThanOrEqual(2);
  // Still drawn after the pause: the form is not a frame of a redirect loop.
  expect(await page.locator('input[name=email]').isVisible()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  return { context, page, problems };
}

describe('arriving signed out (the README address, deep links, unknown paths)', () => {
  it('draws the sign-in form at / and stays there, at 390 px and 1440 px', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const { context, page, problems } = await arriveSignedOut('/', viewport);
      expect(path(page)).toBe('/sign-in');
      await page.screenshot({ path: `/tmp/shots-browser15/sign-in-root-${viewport.width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it.each(['/user/users', '/project/detail/1', '/no/such/path'])('sends %s to sign-in, keeping it as the next page', async (address) => {
    const { context, page } = await arriveSignedOut(address);
    expect(path(page)).toBe(`/sign-in?next=${encodeURIComponent(address)}`);
    await context.close();
  });

  it('signs in from the deep link and lands on it', async () => {
    const { context, page } = await arriveSignedOut('/user/users');
    await signInOnPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/user/users');
    await page.getByRole('button', { name: 'Pending sign-ups' }).waitFor();
    await page.getByText(ADMIN_EMAIL).first().waitFor();
    await context.close();
  });

  it('signs in from an unknown path and lands on the not-found screen inside the frame', async () => {
    const { context, page } = await arriveSignedOut('/no/such/path');
    await signInOnPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/no/such/path');
    await page
      .getByRole('heading', { name: /not found/i })
      .first()
      .waitFor();
    await context.close();
  });

  it('ignores a next that leaves the site', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example']) {
      const { context, page } = await e2e.newPage();
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      await signInOnPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/');
      expect(new URL(page.url()).origin).toBe(e2e.baseUrl);
      await context.close();
    }
  });
});
