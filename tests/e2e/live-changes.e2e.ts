import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';
import { preferKorean, seriousAxeViolations } from './axeSurvey';

/**
 * Two people in two browsers: Kim changes a holiday, and the other person's open list shows the new
 * name without reloading; their open edit form is not overwritten but says who changed the record
 * and when, and Review (reached by keyboard) reads Kim's record into it. In English and Korean, on a
 * phone and a desktop.
 */

const KIM_EMAIL = 'kim@example.com';
const KIM_PASSWORD = 'Passw0rd!';
const NOTICE = {
  en: { changed: /^Changed by system-admin Tester at \d\d:\d\d/, review: 'Review' },
  ko: { changed: /^system-admin Tester님이 \d\d:\d\d에 바꿨습니다/, review: '검토' },
};

let e2e: E2e;
let api: Awaited<ReturnType<typeof adminApi>>;
beforeAll(async () => {
  e2e = await startE2e();
  await e2e.createAccount(KIM_EMAIL, KIM_PASSWORD, 'system-admin');
  api = await adminApi(e2e);
}, 180_000);
afterAll(async () => e2e?.close());

async function signedIn(email: string, password: string, width: number, language: 'en' | 'ko'): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const { context, page } = await e2e.newPage({ width, height: 900 });
  if (language === 'ko') await preferKorean(page);
  const problems = watchProblems(page);
  await signInThroughPage(e2e, page, email, password);
  await page.waitForURL((url) => url.pathname === '/');
  return { page, problems, close: () => context.close() };
}

/** Kim saves a new name through her own edit form. */
async function kimRenames(kim: Page, id: number, name: string) {
  await kim.goto(`/holidays/${id}`);
  const input = kim.locator('input[name=name]');
  await expect.poll(() => input.inputValue()).not.toBe('');
  await input.fill(name);
  await kim.getByRole('button', { name: 'Save', exact: true }).focus();
  await kim.keyboard.press('Enter');
  await kim.waitForURL((url) => url.pathname === '/system/holidays');
}

describe.each([
  [1440, 'en'],
  [390, 'en'],
  [1440, 'ko'],
  [390, 'ko'],
] as const)('at %i px in %s', (width, language) => {
  it("refreshes the open list and tells the open edit form of Kim's change, which Review reads in", async () => {
    const name = `Live day ${width} ${language}`;
    const created = await api('POST', '/api/holidays', { date: `2031-0${width === 390 ? 3 : 4}-${language === 'en' ? 11 : 12}`, name });
    expect(created.result, JSON.stringify(created)).toBe('SUCCESS');
    const id = created.data.id as number;

    const me = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD, width, language);
    const kim = await signedIn(KIM_EMAIL, KIM_PASSWORD, 1440, 'en');
    try {
      // The list, open: Kim's new name appears in it by itself.
      await me.page.goto('/system/holidays');
      await me.page.getByText(name, { exact: true }).first().waitFor();
      await kimRenames(kim.page, id, `${name} (Kim)`);
      await me.page.getByText(`${name} (Kim)`, { exact: true }).first().waitFor({ timeout: 5000 });

      // The edit form, half typed: Kim's next save is said, not put over what was typed.
      await me.page.goto(`/holidays/${id}`);
      const description = me.page.locator('textarea[name=description], input[name=description]').first();
      await expect.poll(() => me.page.locator('input[name=name]').inputValue()).toBe(`${name} (Kim)`);
      await description.focus();
      await me.page.keyboard.type('My unsaved words');
      await kimRenames(kim.page, id, `${name} (Kim again)`);
      const notice = me.page.getByRole('status').filter({ hasText: NOTICE[language].changed });
      await notice.waitFor({ timeout: 5000 });
      expect(await me.page.locator('input[name=name]').inputValue()).toBe(`${name} (Kim)`);
      expect(await description.inputValue()).toBe('My unsaved words');
      expect(await seriousAxeViolations(me.page)).toEqual([]);

      // By keyboard: from the field typed in, back to Review, and Enter.
      const review = notice.getByRole('button', { name: NOTICE[language].review, exact: true });
      for (let step = 0; step < 30 && !(await review.evaluate((button) => button === document.activeElement)); step++) await me.page.keyboard.press('Shift+Tab');
      await me.page.keyboard.press('Enter');
      await expect.poll(() => me.page.locator('input[name=name]').inputValue()).toBe(`${name} (Kim again)`);
      await notice.waitFor({ state: 'detached' });
      expect(me.problems).toEqual([]);
      expect(kim.problems).toEqual([]);
    } finally {
      await me.close();
      await kim.close();
    }
  });
});
