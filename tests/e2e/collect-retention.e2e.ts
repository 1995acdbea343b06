import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterTable } from '../api/explorer-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const OLD_TASKS = 1234;
let e2e: E2e;

const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const count = async (table: 'collect_tasks' | 'master_rows') =>
  Number(
    (
      await e2e.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  e2e = await startE2e();
  const at = new Date(Date.now() - 40 * 86_400_000).toISOString();
  const configId = await masterTable(e2e.db, 'Old metric', 'MEDIA', [['clicks', 'NUMBER']], [{ clicks: 1 }, { clicks: 2 }], at.slice(0, 10));
  const tasks = Array.from({ length: OLD_TASKS }, (_, index) => ({
    task_kind: 'COLLECT',
    config_id: configId,
    post_config_id: null,
    parent_task_id: null,
    process_id: `P${index}`,
    process_type: 'MASTERED',
    schedule_type: 'DAILY',
    schedule_id: null,
    status: 'SUCCESS',
    max_attempts: 3,
    period_from: at.slice(0, 10),
    period_to: at.slice(0, 10),
    due_at: at,
    run_after: at,
    lease_owner: null,
    lease_until: null,
    started_at: at,
    finished_at: at,
    data_location: null,
    target_location: null,
    response_meta: null,
    error_id: null,
    error_text: null,
    created_at: at,
    updated_at: at,
  }));
  for (let start = 0; start < tasks.length; start += 200)
    await e2e.db
      .insertInto('collect_tasks')
      .values(tasks.slice(start, start + 200))
      .execute();
}, 120_000);
afterAll(async () => e2e?.close());

describe('Collect history retention', () => {
  it('says how many tasks and master rows a retention deletes, asks first, then deletes them', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/log/system');
    const taskDays = page.locator('input[name=tasksRetentionDays]');
    await taskDays.waitFor();
    const day = localDay(new Date(Date.now() - 30 * 86_400_000));

    await taskDays.fill('30');
    await page.getByRole('button', { name: 'Save task retention' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Keep finished tasks for 30 days?').waitFor();
    await dialog.getByText(`This permanently deletes 1,234 tasks older than ${day}, with their logs.`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await count('collect_tasks')).toBe(OLD_TASKS);

    await page.getByRole('button', { name: 'Save task retention' }).click();
    await dialog.getByRole('button', { name: 'Delete and save' }).click();
    await page.getByText(`Task retention set to 30 days: 1,234 tasks older than ${day} were deleted.`).waitFor();
    expect(await count('collect_tasks')).toBe(0);

    // Master rows are dated by their period: the confirmation names the day itself.
    const utcDay = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await page.locator('input[name=master-rowsRetentionDays]').fill('30');
    await page.getByRole('button', { name: 'Save master-row retention' }).click();
    await dialog.getByText(`This permanently deletes 2 master rows of periods ending before ${utcDay}.`).waitFor();
    await dialog.getByRole('button', { name: 'Delete and save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => count('master_rows')).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
