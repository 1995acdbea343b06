import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { passwordHasher } from '../../server/auth/passwords';
import { seedDemo } from '../../server/ops/demo';
import { seriousAxeViolations } from './axeSurvey';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, waitForSettled, watchProblems, type E2e } from './harness';
import domains from '../../src/resources/domains';
import { consoleResources } from '../../src/resources/registry';

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

/**
 * A list's toolbar as laid out: its height; how far its buttons (those outside the filter form)
 * reach top to bottom and how many rows they make; the filter form's height, and whether it shows
 * a field (filters set stay shown on a phone); the controls a screen reader would find without a name.
 */
const toolbarLayout = (page: Page) =>
  page.locator('#main-content .RaList-actions').evaluate((toolbar) => {
    const shown = (element: Element) => element.getBoundingClientRect().width > 1 && element.getBoundingClientRect().height > 1;
    const controls = [...toolbar.querySelectorAll<HTMLElement>('button, a[href]')];
    const boxes = controls.filter((control) => !control.closest('form') && shown(control)).map((control) => control.getBoundingClientRect());
    const tops = boxes.map((box) => box.top).sort((a, b) => a - b);
    const rows = tops.filter((top, index) => index === 0 || top - tops[index - 1] > 20).length;
    const reach = boxes.length ? Math.max(...boxes.map((box) => box.bottom)) - Math.min(...boxes.map((box) => box.top)) : 0;
    const form = toolbar.querySelector('form');
    const nameOf = (control: HTMLElement) =>
      control.getAttribute('aria-label') ??
      control
        .getAttribute('aria-labelledby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join('') ??
      '';
    const unnamed = controls.filter((control) => !(nameOf(control) || control.textContent || control.title).trim()).map((control) => control.outerHTML.slice(0, 80));
    return {
      height: toolbar.getBoundingClientRect().height,
      reach,
      rows,
      formHeight: form?.getBoundingClientRect().height ?? 0,
      formShowsAField: [...(form?.querySelectorAll('.filter-field') ?? [])].some(shown),
      unnamed,
    };
  });

describe('a list on a phone', () => {
  it('keeps every list’s toolbar to its buttons at 390 px: no empty band where the filters wait, at most two rows, every button named', async () => {
    const { page, problems, close } = await signedIn({ width: 390, height: 844 });
    for (const { listPath } of consoleResources) {
      await page.goto(listPath);
      // Every resource's list is a react-admin List (ConsoleList), drawn once its data has come.
      await page.locator('#main-content .RaList-actions').waitFor();
      await waitForSettled(page);
      const layout = await toolbarLayout(page);
      // The filter form holding no shown field (a phone's filters wait behind their button) once
      // left a band of its own under the buttons.
      if (!layout.formShowsAField) expect(layout.formHeight, listPath).toBeLessThanOrEqual(4);
      expect(layout.height - layout.reach - (layout.formShowsAField ? layout.formHeight : 0), listPath).toBeLessThanOrEqual(16);
      expect(layout.rows, listPath).toBeLessThanOrEqual(2);
      expect(layout.unnamed, listPath).toEqual([]);
      expect(await sidewaysScroll(page), listPath).toBeLessThanOrEqual(0);
      // The filter form's submit, out of sight, still shows when the keyboard reaches it.
      const submit = page.locator('#main-content .RaList-actions button[type=submit]');
      if ((await submit.count()) > 0) {
        await submit.focus();
        expect((await submit.boundingBox())!.width, listPath).toBeGreaterThan(20);
        await submit.blur();
      }
    }
    expect(problems).toEqual([]);
    await close();
  }, 240_000);

  it('shows Manual Upload’s history as cards at 390 px, the page never scrolling sideways', async () => {
    const { page, problems, close } = await signedIn({ width: 390, height: 844 });
    await page.goto('/project/manual');
    const rows = page.locator('#main-content [data-testid="upload-history-row"]');
    await rows.first().waitFor();
    await waitForSettled(page);
    expect(await rows.evaluateAll((all) => all.map((row) => row.classList.contains('console-card')))).not.toContain(false);
    const cards = rows.and(page.locator('.console-card'));
    await expectAbsent(page.locator('#main-content'), page.getByRole('table', { name: 'Upload history' }));
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // Each card's file name reads across the card, not a word a line.
    expect((await cards.first().locator('.console-card-primary').boundingBox())!.width).toBeGreaterThan(250);
    expect(problems).toEqual([]);
    await close();
  });

  it('shows Manual permissions as cards at 390 px, each person with their switch: no table, no sideways scroll, nothing serious for axe', async () => {
    const { page, problems, close } = await signedIn({ width: 390, height: 844 });
    await page.goto('/project/manual');
    await page.getByRole('button', { name: /Manual permissions/ }).click();
    const cards = page.getByRole('list', { name: 'Manual permissions' }).locator('[data-testid="manual-permission-row"]');
    await cards.first().waitFor();
    await waitForSettled(page);
    expect(await cards.evaluateAll((all) => all.every((card) => card.classList.contains('console-card')))).toBe(true);
    await expectAbsent(page.locator('#main-content'), page.getByRole('table', { name: 'Manual permissions' }));
    expect(await cards.first().getByRole('switch').count()).toBe(1);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect((await cards.first().locator('.console-card-secondary').boundingBox())!.width).toBeGreaterThan(200);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the Collecting Status board’s processes as cards at 390 px: no table, no sideways scroll, nothing serious for axe', async () => {
    const { page, problems, close } = await signedIn({ width: 390, height: 844 });
    await page.goto('/data/collect-status');
    const cards = page.getByRole('list', { name: 'Processes' }).locator('[data-testid="process-row"]');
    await cards.first().waitFor();
    await settle(page);
    expect(await cards.evaluateAll((all) => all.every((card) => card.classList.contains('console-card')))).toBe(true);
    await expectAbsent(page.locator('#main-content'), page.getByTestId('process-table'));
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // Each card's metric reads across the card, and its Tasks button drills down.
    expect((await cards.first().locator('.console-card-primary').boundingBox())!.width).toBeGreaterThan(250);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await cards
      .first()
      .getByRole('button', { name: /^Show tasks of / })
      .click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('configId'));
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the Collecting Status board at 1440 px', () => {
  it('shows the process and task tables whole: buttons and times on one line, metric names in at most two, nothing cut at the card’s edge', async () => {
    // A metric named at length, as people name them.
    const longest = await e2e.db.selectFrom('collect_configs').select('id').orderBy('id').executeTakeFirstOrThrow();
    await e2e.db.updateTable('collect_configs').set({ metric_name: 'Naver Search Ads keyword performance by campaign daily report' }).where('id', '=', longest.id).execute();
    const { page, problems, close } = await signedIn({ width: 1440, height: 900 });
    await page.goto('/data/collect-status');
    await page.getByTestId('process-table').locator('tbody tr').first().waitFor();
    await settle(page);
    // Its tasks, drilled down to from its process: every row of the task table names it at length.
    await page.getByRole('button', { name: 'Show tasks of Naver Search Ads keyword performance by campaign daily report' }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(`"configId":${longest.id}`));
    await settle(page);
    const fit = await page.evaluate(() => {
      const lineHeight = (element: Element) => parseFloat(getComputedStyle(element).lineHeight) || 20;
      const tables = [...document.querySelectorAll('#main-content table')].map((table) => {
        const container = table.parentElement!;
        const buttons = [...table.querySelectorAll('tbody button')].filter((button) => button.textContent?.trim());
        const names = [...table.querySelectorAll('tbody [title^="P"]')];
        return {
          name: table.getAttribute('aria-label') ?? table.className,
          cut: table.scrollWidth - container.clientWidth,
          buttonsOnTwoLines: buttons.filter((button) => button.getBoundingClientRect().height > 2 * lineHeight(button) || button.scrollWidth > button.clientWidth).map((button) => button.textContent),
          longestName: Math.max(0, ...names.map((name) => Math.round(name.getBoundingClientRect().height / lineHeight(name)))),
          timesOnTwoLines: [...table.querySelectorAll('tbody td')]
            .filter((cell) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(cell.textContent?.trim() ?? '') && cell.firstChild)
            .filter((cell) => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              return range.getBoundingClientRect().height > 1.5 * lineHeight(cell);
            }).length,
          rows: table.querySelectorAll('tbody tr').length,
        };
      });
      return tables;
    });
    expect(fit.length).toBeGreaterThanOrEqual(2);
    for (const table of fit) {
      expect(table.rows, table.name).toBeGreaterThan(0);
      expect(table.cut, table.name).toBeLessThanOrEqual(0);
      expect(table.buttonsOnTwoLines, table.name).toEqual([]);
      expect(table.longestName, `${table.name}: its metric names are measured`).toBeGreaterThan(0);
      expect(table.longestName, table.name).toBeLessThanOrEqual(2);
      expect(table.timesOnTwoLines, table.name).toBe(0);
    }
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await close();
  });
});
