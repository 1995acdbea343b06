import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-browser15';
const OLD_ROWS = 1234;

let e2e: E2e;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

describe('System Log retention', () => {
  it('says how many rows a shorter retention deletes, asks first, then toasts and reloads the table', async () => {
    // 1,234 audit rows 40 days old, the newest of them on the table's first page.
    const at = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const rows = Array.from({ length: OLD_ROWS }, (_, index) => ({
      admin_id: null,
      email: `ancient-${index}@example.com`,
      event_id: crypto.randomUUID(),
      end_point: '/api/ancient',
      http_method: 'GET',
      http_status: 200,
      query_param: null,
      request_body: null,
      request_at: at,
      source_ip: '127.0.0.1',
    }));
    for (let start = 0; start < rows.length; start += 200)
      await e2e.db
        .insertInto('system_logs')
        .values(rows.slice(start, start + 200))
        .execute();

    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/log/system');
    await page.locator('input[name=retentionDays]').waitFor();
    await page.getByText('/api/ancient').first().waitFor();

    await page.locator('input[name=retentionDays]').fill('30');
    await page.getByRole('button', { name: 'Save log retention' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Shorten retention to 30 days?').waitFor();
    const cutoff = new Date(Date.now() - 30 * 86_400_000);
    const day = `${cutoff.getFullYear()}-${String(cutoff.getMonth() + 1).padStart(2, '0')}-${String(cutoff.getDate()).padStart(2, '0')}`;
    await dialog.getByText(`This permanently deletes 1,234 log rows older than ${day}.`).waitFor();
    await page.waitForTimeout(500); // the dialog's fade-in
    await page.screenshot({ path: `${SHOTS}/retention-confirm.png` });

    // Cancelling deletes nothing and keeps the setting.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(
      Number(
        (
          await e2e.db
            .selectFrom('system_logs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('end_point', '=', '/api/ancient')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(OLD_ROWS);
    expect(await e2e.db.selectFrom('app_settings').select('value').where('key', '=', 'systemLogRetentionDays').executeTakeFirst()).toBeUndefined();

    await page.getByRole('button', { name: 'Save log retention' }).click();
    await dialog.getByRole('button', { name: 'Delete and save' }).click();
    await page.getByText(`Retention set to 30 days: 1,234 log rows older than ${day} were deleted.`).waitFor();
    // The table reloads without a page reload: the deleted rows are gone from it.
    await page.getByText('/api/ancient').first().waitFor({ state: 'detached' });
    expect(
      Number(
        (
          await e2e.db
            .selectFrom('system_logs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('end_point', '=', '/api/ancient')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);

    // Longer again: nothing to lose, so no question.
    await page.locator('input[name=retentionDays]').fill('365');
    await page.getByRole('button', { name: 'Save log retention' }).click();
    await page.getByText('Retention set to 365 days; no log rows were old enough to delete.').waitFor();
    await expectAbsent(page.locator('body'), page.getByRole('dialog'));
    expect(problems).toEqual([]);
    await context.close();
  });
});
