import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { declaredMenu } from '../../src/testing/declaredMenu';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-frame';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where react-admin's localStorage store (app key 'console') keeps the layout settings. */
const SETTINGS_STORAGE_KEY = 'RaStoreconsole.console.layoutSettings';

const USER_EMAIL = 'frame.user@example.com';
const USER_PASSWORD = 'Frame#2024x';

let e2e: E2e;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  await e2e.createAccount(USER_EMAIL, USER_PASSWORD, 'user');
});
afterAll(async () => e2e?.close());

async function signedInPage(email: string, password: string, viewport = DESKTOP) {
  const { context, page } = await e2e.newPage(viewport);
  const problems = watchProblems(page);
  await signInThroughPage(e2e, page, email, password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
  return { context, page, problems };
}

/** Section headings and links of the sidebar menu, as the user sees them. */
async function visibleMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  return {
    sections: await nav.locator('.MuiListSubheader-root').allTextContents(),
    links: await nav.getByRole('link').allTextContents(),
  };
}

async function useMenuMode(page: Page, menuMode: string, extra: Record<string, unknown> = {}) {
  await page.evaluate(([key, settings]) => localStorage.setItem(key, JSON.stringify(settings)), [SETTINGS_STORAGE_KEY, { menuMode, ...extra }] as const);
  await page.reload();
  // Built screens have no h1 of their own; the main content area is there on every screen.
  await page.locator('#main-content').waitFor();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

describe('console frame', () => {
  it('shows a user the Project section only and the system-admin every section, without errors on the home screen', async () => {
    const user = await signedInPage(USER_EMAIL, USER_PASSWORD);
    const userMenu = await visibleMenu(user.page);
    const declared = (rank: number) => ({ sections: Object.keys(declaredMenu(rank)), links: Object.values(declaredMenu(rank)).flat() });
    expect(userMenu.sections).toEqual(['Project']);
    expect(userMenu).toEqual(declared(5));
    expect(user.problems).toEqual([]);
    await user.context.close();

    const admin = await signedInPage(ADMIN_EMAIL, ADMIN_PASSWORD);
    const adminMenu = await visibleMenu(admin.page);
    expect(adminMenu.sections).toEqual(['Project', 'System Setting', 'Collect Data Setting', 'System Log', 'User Management']);
    expect(adminMenu).toEqual(declared(1));
    expect(adminMenu.links).toEqual(expect.arrayContaining(userMenu.links));
    expect(admin.problems).toEqual([]);
    await shot(admin.page, 'desktop-static');
    await admin.context.close();
  });

  it('lays out every menu mode on a desktop', async () => {
    const { context, page, problems } = await signedInPage(ADMIN_EMAIL, ADMIN_PASSWORD);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const content = page.locator('#main-content');

    // Static, collapsed: a rail that opens over the content on hover and closes again once the pointer leaves.
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(72);
    await shot(page, 'desktop-static-collapsed');
    await sidebar.hover();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(260);
    expect((await content.boundingBox())?.x).toBeLessThan(260);
    await shot(page, 'desktop-static-hover');
    await page.mouse.move(1000, 500);
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(72);

    await useMenuMode(page, 'overlay');
    const drawer = page.getByRole('dialog', { name: 'Sidebar' });
    await expectAbsent(page.locator('body'), sidebar);
    expect((await content.boundingBox())?.x).toBe(0);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    await shot(page, 'desktop-overlay-open');
    await drawer.getByRole('link', { name: 'Terms' }).click();
    await page.waitForURL((url) => url.pathname === '/system/terms');
    await expect.poll(() => drawer.count()).toBe(0);

    await useMenuMode(page, 'slim');
    expect((await sidebar.boundingBox())?.width).toBe(72);
    await sidebar.getByRole('link', { name: 'Users' }).hover();
    await page.getByRole('tooltip', { name: 'Users' }).waitFor();
    await shot(page, 'desktop-slim');

    await useMenuMode(page, 'slim-plus');
    expect((await sidebar.boundingBox())?.width).toBe(104);
    await shot(page, 'desktop-slim-plus');

    await useMenuMode(page, 'horizontal');
    await expectAbsent(page.locator('body'), sidebar);
    await page.getByRole('button', { name: 'System Setting' }).click();
    await page.getByRole('menuitem', { name: 'Alert Mail' }).waitFor();
    await shot(page, 'desktop-horizontal');
    await page.getByRole('menuitem', { name: 'Alert Mail' }).click();
    await page.waitForURL((url) => url.pathname === '/system/alert-mail');
    const menuBarBottom = await page.getByRole('navigation', { name: 'Main menu' }).boundingBox();
    expect((await content.boundingBox())!.y).toBeGreaterThanOrEqual(menuBarBottom!.y + menuBarBottom!.height);

    await useMenuMode(page, 'static', { menuTheme: 'indigo', topbarTheme: 'white' });
    expect(await sidebar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(40, 53, 147)');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await shot(page, 'desktop-menu-theme-settings');
    await page.keyboard.press('Escape');

    await useMenuMode(page, 'static', { darkTheme: true, primary: 'violet' });
    await shot(page, 'desktop-static-dark');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the menu as a drawer on a phone', async () => {
    const { context, page, problems } = await signedInPage(ADMIN_EMAIL, ADMIN_PASSWORD, PHONE);
    const sidebar = page.getByRole('dialog', { name: 'Sidebar' });
    await expectAbsent(page.locator('body'), sidebar);
    const content = await page.locator('#main-content').boundingBox();
    expect(content!.x).toBe(0);
    expect(content!.width).toBe(PHONE.width);
    await shot(page, 'phone-closed');

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    await shot(page, 'phone-drawer');
    await sidebar.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL((url) => url.pathname === '/user/users');
    await expect.poll(() => sidebar.count()).toBe(0);

    await useMenuMode(page, 'horizontal', { darkTheme: true });
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    await shot(page, 'phone-drawer-dark');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('restyles the frame at once when a setting changes, and keeps it after a reload', async () => {
    const { context, page } = await signedInPage(ADMIN_EMAIL, ADMIN_PASSWORD);
    const background = () => page.locator('#main-content').evaluate((element) => getComputedStyle(element).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await page.reload();
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    expect(await background()).toBe(dark);

    // Appearance belongs to the browser: signing out keeps it.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SETTINGS_STORAGE_KEY))!).darkTheme).toBe(true);
    await context.close();
  });
});
