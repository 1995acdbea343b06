import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount } from '../fakes/collect-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

let e2e: E2e;
let platform: AdPlatform;
beforeAll(async () => {
  // Two attempts 20 s apart: the first failure waits for its retry long enough to be seen, the second ends in ERROR.
  e2e = await startE2e({ collect: { schedulerEnabled: true, pollMs: 300, leaseMs: 60_000, maxAttempts: 2, retryBaseMs: 20_000, suspendAfter: 5 } });
  platform = await startAdPlatform(25);
});
afterAll(async () => {
  await e2e?.close();
  await platform?.close();
});

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The run's row on the board: the one whose disclosure button names it. */
const runRow = (page: Page, taskId: number) => page.locator('tbody tr', { has: page.getByRole('button', { name: new RegExp(`post tasks of run #${taskId}$`) }) });

describe('run history on the Collecting Status board', () => {
  it('shows a failing run waiting for its retry, then its error, then its success after the source is mended and retried', async () => {
    const api = await adminApi(e2e);
    const account = await api('POST', '/api/market-accounts', marketAccount());
    const failing = collectConfig(platform.url, { marketAccountId: account.data.id, sourceLocation: `${platform.url}/broken` });
    const config = await api('POST', '/api/collect-configs', failing);
    expect(config.result, JSON.stringify(config)).toBe('SUCCESS');
    await api('POST', '/api/post-configs', localPostConfig());

    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`/collect-configs/${config.data.id}/show`);
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.goto('/data/collect-status');

    // The first attempt fails: the run says when it is retried, not "Pending".
    await expect
      .poll(async () => await e2e.db.selectFrom('collect_tasks').select(['id', 'status', 'attempt']).where('task_kind', '=', 'COLLECT').executeTakeFirst(), { timeout: 30_000 })
      .toMatchObject({ status: 'PENDING', attempt: 1 });
    const task = await e2e.db.selectFrom('collect_tasks').select(['id', 'run_after']).where('task_kind', '=', 'COLLECT').executeTakeFirstOrThrow();
    const runAt = new Date(task.run_after!);
    const row = runRow(page, task.id);
    await row.getByText('Retrying', { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText(`${twoDigits(runAt.getHours())}:${twoDigits(runAt.getMinutes())}`, { exact: true }).waitFor();
    await row.getByText('HTTP 500', { exact: false }).waitFor();

    // The second attempt fails too: the run ends in ERROR.
    await row.getByText('Failed', { exact: true }).waitFor({ timeout: 45_000 });

    // Mend the source, then retry the run from the board.
    const mended = await api('PUT', `/api/collect-configs/${config.data.id}`, { ...failing, sourceLocation: `${platform.url}/report` });
    expect(mended.result, JSON.stringify(mended)).toBe('SUCCESS');
    await row.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('Succeeded', { exact: true }).waitFor({ timeout: 45_000 });
    await row.getByText(/^(\d+ s|under 1 s)$/).waitFor();
    // 25 rows mastered by the run and 25 posted by its post task, which may end after the run shows Succeeded.
    await expect.poll(() => row.getByText('25', { exact: true }).count()).toBe(2);
    // One row per run: the post task is not a row of the board's list of its own.
    const post = await e2e.db.selectFrom('collect_tasks').select('id').where('parent_task_id', '=', task.id).executeTakeFirstOrThrow();
    expect(await page.getByRole('button', { name: /post tasks of run #/ }).count()).toBe(1);
    await expectAbsent(page.locator('#main-content'), page.locator('tbody tr', { hasText: `#${post.id}` }));

    // The run expands, from the keyboard, to its post task: target, status, rows posted and duration.
    await row.getByRole('button', { name: `Show post tasks of run #${task.id}` }).focus();
    await page.keyboard.press('Enter');
    const posts = page.getByRole('table', { name: `Post tasks of run #${task.id}` });
    const postRow = posts.locator('tr', { hasText: `#${post.id}` });
    await postRow.waitFor();
    await postRow.getByText('Local folder', { exact: true }).waitFor();
    await postRow.getByText('Succeeded', { exact: true }).waitFor();
    await postRow.getByText('25', { exact: true }).waitFor();
    await postRow.getByText(/^(\d+ s|under 1 s)$/).waitFor();
    expect(await row.getByRole('button', { name: `Hide post tasks of run #${task.id}` }).getAttribute('aria-expanded')).toBe('true');
    await page.screenshot({ path: '/tmp/shots-run-history.png', fullPage: true });

    expect(problems.filter((problem) => !/40[0-9]/.test(problem))).toEqual([]);
    await context.close();
  });
});
