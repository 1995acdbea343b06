import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';
import { preferKorean, seedDemoData, seriousAxeViolations } from './axeSurvey';
import { UNDO_WINDOW_MS } from '../../src/shared/constants';

/**
 * Restoring a deleted project from the activity log, by keyboard: deleted from its page, left past
 * any Undo, then put back from its delete entry with its id, shares and plans; in English and
 * Korean, at phone and desktop width.
 */

let e2e: E2e;
let projects: { id: number; name: string }[];
beforeAll(async () => {
  e2e = await startE2e();
  await seedDemoData(e2e);
  projects = await e2e.db.selectFrom('projects').select(['id', 'name']).orderBy('id').limit(4).execute();
}, 180_000);
afterAll(async () => e2e?.close());

async function press(page: Page, within: Locator, name: string) {
  await within.getByRole('button', { name, exact: true }).first().focus();
  await page.keyboard.press('Enter');
}

const held = async (id: number) => ({
  project: (await e2e.db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
  shares: Number(
    (
      await e2e.db
        .selectFrom('project_shares')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  ),
  plans: Number(
    (
      await e2e.db
        .selectFrom('plans')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

const WORDS = {
  en: { remove: 'Delete project', confirm: 'Confirm', restore: (name: string) => `Restore ${name}`, restored: (name: string) => `${name} has been restored.` },
  ko: { remove: '프로젝트 삭제', confirm: '확인', restore: (name: string) => `${name} 복원`, restored: (name: string) => `${name}을(를) 복원했습니다.` },
};

describe('Restore a deleted project from the activity log', () => {
  it.each([
    ['en', 1440, 0],
    ['en', 390, 1],
    ['ko', 1440, 2],
    ['ko', 390, 3],
  ] as const)('in %s at %i px', async (language, width, index) => {
    const { id, name } = projects[index];
    const words = WORDS[language];
    const before = await held(id);
    const { context, page } = await e2e.newPage({ width, height: 900 });
    const problems = watchProblems(page);
    if (language === 'ko') await preferKorean(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`/project/detail/${id}`);
    await press(page, page.locator('#main-content'), words.remove);
    await press(page, page.getByRole('dialog'), words.confirm);
    await expect.poll(async () => (await held(id)).project).toBe(false);
    // Past any Undo: the delete is the server's.
    await page.waitForTimeout(UNDO_WINDOW_MS + 500);

    await page.goto('/log/activity');
    const restore = page.getByRole('button', { name: words.restore(name), exact: true }).first();
    await restore.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await restore.focus();
    await page.keyboard.press('Enter');
    await page.getByText(words.restored(name)).first().waitFor();
    await expect.poll(() => held(id)).toEqual(before);
    // Restored, the delete offers Restore no more: the log says so as it refreshes.
    await expect.poll(() => page.getByRole('button', { name: words.restore(name), exact: true }).count()).toBe(0);
    // The project's page asks for its dashboard's token: no Tableau runs here, so that one call is a 503.
    expect(problems.filter((problem) => !problem.includes('503'))).toEqual([]);
    await context.close();
  });
});
