import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { topbarThemeColors } from '../../src/theme/menuThemes';
import { PRIMARY_PALETTES, SURFACE_PALETTES } from '../../src/theme/palettes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-settings';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where react-admin's localStorage store (app key 'console') keeps the layout settings. */
const SETTINGS_STORAGE_KEY = 'RaStoreconsole.console.layoutSettings';

let e2e: E2e;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

/** '#rrggbb' as getComputedStyle reports it. */
function rgb(hex: string) {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function signedInAdmin(viewport: { width: number; height: number }) {
  const { context, page } = await e2e.newPage(viewport);
  const problems = watchProblems(page);
  await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
  return { context, page, problems };
}

const settingsPanel = (page: Page) => page.getByRole('complementary', { name: 'Settings', exact: true });
const section = (page: Page, title: string) => settingsPanel(page).getByRole('group', { name: title, exact: true });

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await settingsPanel(page).waitFor();
}

const storedSettings = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), SETTINGS_STORAGE_KEY);
const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
/** Screenshots wait for the panel's slide and the colour scheme's view transition to end. */
async function shot(page: Page, name: string) {
  // Endless ones (the focus ripple's pulse) are left out.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Dark + violet + horizontal, as the page shows it. */
async function expectDarkVioletHorizontal(page: Page) {
  expect(await storedSettings(page)).toMatchObject({ darkTheme: true, menuTheme: 'dark', primary: 'violet', menuMode: 'horizontal' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  // No surface chosen: dark pages take zinc; the top bar keeps its topbar theme.
  expect(await backgroundOf(page, 'body')).toBe(rgb(SURFACE_PALETTES.zinc[950]));
  expect(await backgroundOf(page, 'header.MuiAppBar-root')).toBe(rgb(topbarThemeColors('skyblue').background));
  // The horizontal menu sits in the top bar; there is no sidebar.
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  await expectAbsent(page.locator('body'), page.getByRole('complementary', { name: 'Sidebar' }));
}

describe('settings panel', () => {
  it('switches to dark + violet + horizontal, restyles at once and keeps it after a reload', async () => {
    const { context, page, problems } = await signedInAdmin(DESKTOP);
    await shot(page, 'desktop-light');
    await openSettings(page);
    await shot(page, 'desktop-light-panel');
    expect(await backgroundOf(page, 'body')).toBe(rgb(SURFACE_PALETTES.slate[50]));

    await section(page, 'Color Scheme').getByRole('button', { name: 'Dark', exact: true }).click();
    await section(page, 'Primary').getByRole('radio', { name: 'violet', exact: true }).click();
    await section(page, 'Menu Type').getByRole('radio', { name: 'Horizontal' }).check();
    await expect.poll(() => backgroundOf(page, 'body')).toBe(rgb(SURFACE_PALETTES.zinc[950]));
    await expect
      .poll(() => section(page, 'Menu Themes').textContent())
      .toContain('Menu themes are only available in light mode by design as large surfaces can emit too much brightness in dark mode.');
    // The checked radio wears the new primary colour (dark pages take the scale's 400).
    const checkedRadio = section(page, 'Menu Type').locator('.Mui-checked');
    expect(await checkedRadio.evaluate((element) => getComputedStyle(element).color)).toBe(rgb(PRIMARY_PALETTES.violet[400]));
    await expectDarkVioletHorizontal(page);
    await shot(page, 'desktop-dark-panel');

    // A click outside the panel closes it and goes no further: the menu button beneath stays shut.
    // (force: the click lands where the button is drawn, whatever covers it.)
    const systemSetting = page.getByRole('button', { name: 'System Setting', exact: true });
    await systemSetting.click({ force: true });
    await settingsPanel(page).waitFor({ state: 'hidden' });
    expect(await systemSetting.getAttribute('aria-expanded')).toBe('false');

    await page.reload();
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await expectDarkVioletHorizontal(page);
    await shot(page, 'desktop-dark');
    await openSettings(page);
    await expect.poll(() => section(page, 'Primary').getByRole('radio', { name: 'violet', exact: true }).getAttribute('aria-checked')).toBe('true');
    expect(await section(page, 'Color Scheme').getByRole('button', { name: 'Dark', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await section(page, 'Menu Type').getByRole('radio', { name: 'Horizontal' }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the Korean language after a reload', async () => {
    const { context, page, problems } = await signedInAdmin(DESKTOP);
    await openSettings(page);
    await section(page, 'Language').getByRole('button', { name: '한국어' }).click();
    await page.getByRole('heading', { name: '설정' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: '설정', exact: true }).click();
    await page.getByRole('complementary', { name: '설정' }).waitFor();
    await shot(page, 'desktop-korean-panel');
    await page.getByRole('complementary', { name: '설정' }).getByRole('button', { name: 'English' }).click();
    await settingsPanel(page).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone in light and dark', async () => {
    const { context, page, problems } = await signedInAdmin(PHONE);
    await shot(page, 'phone-light');
    await openSettings(page);
    const panelBox = await settingsPanel(page).boundingBox();
    expect(panelBox!.width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'phone-light-panel');
    await section(page, 'Color Scheme').getByRole('button', { name: 'Dark', exact: true }).click();
    await expect.poll(() => backgroundOf(page, 'body')).toBe(rgb(SURFACE_PALETTES.zinc[950]));
    await shot(page, 'phone-dark-panel');
    await page.getByRole('button', { name: 'Close settings' }).click();
    await settingsPanel(page).waitFor({ state: 'hidden' });
    await shot(page, 'phone-dark');
    expect(problems).toEqual([]);
    await context.close();
  });
});
