import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { passwordHasher } from '../../server/auth/passwords';
import { seedDemo } from '../../server/ops/demo';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, waitForSettled, watchProblems, type E2e } from './harness';
import domains from '../../src/resources/domains';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  const { config, files } = e2e.app.ctx;
  await seedDemo(e2e.db, { hasher: passwordHasher(config.passwordHash), files });
}, 180_000);
afterAll(async () => e2e?.close());

const LIST_SCREENS = [
  '/',
  '/project/manual',
  '/system/terms',
  domains.listPath,
  '/system/dashboard-template',
  '/system/email-template',
  '/system/project-property',
  '/system/alert-mail',
  '/data/collect-status',
  '/data/collect-metric',
  '/data/post-metric',
  '/data/market-account',
  '/log/system',
  '/user/users',
  '/user/access-history',
];

async function signedIn(viewport: { width: number; height: number }) {
  const { context, page } = await e2e.newPage(viewport);
  const problems = watchProblems(page);
  await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  return { page, problems, close: () => context.close() };
}

/** Waits for a screen to be drawn with its data: no request under way, no spinner. */
async function settle(page: Page) {
  await waitForSettled(page);
  // The rows (a table's, or on a phone the code tables' one-line list), or the page of a list with none.
  await page.locator('#main-content').locator('tbody tr td, li a[href], .console-card, .RaEmpty-message').first().waitFor();
}

/** How far the page itself scrolls sideways (0 when it fits the window). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Presses Tab from the list's search box until a link in the table has focus; answers its address. */
async function tabToFirstRecordLink(page: Page): Promise<string> {
  await page.locator('tbody tr a').first().waitFor();
  await page.locator('input[name=q]').focus();
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    const href = await page.evaluate(() => {
      const focused = document.activeElement;
      return focused instanceof HTMLAnchorElement && focused.closest('tbody') ? focused.getAttribute('href') : null;
    });
    if (href) {
      expect(href).toBe(await page.locator('tbody tr').first().locator('a').first().getAttribute('href'));
      return href;
    }
  }
  throw new Error('Tab never reached a record link');
}

describe('lists by keyboard', () => {
  it.each([
    ['/user/users', /^\/users\/\d+\/show$/],
    [domains.listPath, /^\/domains\/\d+$/],
    ['/', /^\/project\/detail\/\d+$/],
  ])('reaches the first record of %s with Tab and opens it with Enter', async (screen, recordPath) => {
    const { page, problems, close } = await signedIn({ width: 1440, height: 900 });
    await page.goto(screen);
    const href = await tabToFirstRecordLink(page);
    expect(href).toMatch(recordPath);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    expect(problems).toEqual([]);
    await close();
  });

  it('names the row checkboxes after their records', async () => {
    const { page, problems, close } = await signedIn({ width: 1440, height: 900 });
    await page.goto(domains.listPath);
    await page.getByRole('checkbox', { name: 'Select row example.com' }).check();
    await page.getByText('1 item selected').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Select all' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(domains.listPath);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('no screen scrolls sideways', () => {
  it.each([
    [1440, 900],
    [390, 844],
  ])(
    'fits every list screen into a %i px window: wide tables scroll inside their card, a phone shows cards',
    async (width, height) => {
      const { page, problems, close } = await signedIn({ width, height });
      for (const screen of LIST_SCREENS) {
        await page.goto(screen);
        await settle(page);
        expect(await sidewaysScroll(page), screen).toBeLessThanOrEqual(0);
      }
      await page.goto('/user/users');
      if (width === 390) {
        // A phone shows the Users as cards (ConsoleCardList), not the table squeezed sideways.
        await page.locator('#main-content .console-card').first().waitFor();
        await expectAbsent(page.locator('#main-content'), page.locator('.RaDataTable-tableWrapper'));
      } else {
        // The Users table, if wider than the window, scrolls inside its card, every column still there.
        await page.locator('tbody tr td').first().waitFor();
        const wrapper = page.locator('.RaDataTable-tableWrapper');
        await wrapper.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
        await expect.poll(() => page.getByRole('columnheader', { name: 'Last sign-in' }).isVisible()).toBe(true);
      }
      expect(problems).toEqual([]);
      await close();
    },
    240_000,
  );

  it.each([
    [1440, 900],
    [390, 844],
  ])('keeps a weekly collect schedule inside a %i px window with its inputs at their widths', async (width, height) => {
    const { page, problems, close } = await signedIn({ width, height });
    await page.goto('/collect-configs/create');
    await page.getByRole('heading', { name: 'Schedules' }).waitFor();
    if ((await page.getByRole('combobox', { name: 'Repeat' }).count()) === 0) await page.getByRole('button', { name: 'Add' }).last().click();
    await page.getByRole('combobox', { name: 'Repeat' }).click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    await page.getByRole('combobox', { name: 'Day' }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    const widthOf = (name: string) => page.locator(`input[name="schedules.0.${name}"]`).evaluate((input) => input.closest('.MuiFormControl-root')!.getBoundingClientRect().width);
    expect(await widthOf('scheduledTime')).toBeGreaterThanOrEqual(140);
    expect(await widthOf('timeZone')).toBeGreaterThanOrEqual(180);
    expect(problems).toEqual([]);
    await close();
  });
});
