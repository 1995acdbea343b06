import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

let e2e: E2e;
let platform: AdPlatform;
beforeAll(async () => {
  e2e = await startE2e({ collect: { schedulerEnabled: true, pollMs: 300, leaseMs: 60_000, maxAttempts: 1, retryBaseMs: 0, suspendAfter: 5 } });
  platform = await startAdPlatform(25);
});
afterAll(async () => {
  await e2e?.close();
  await platform?.close();
});

async function pick(page: Page, combobox: string, typed: string, option: string) {
  const input = page.locator('form').getByRole('combobox', { name: combobox });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

describe('Collect metric from discovery', () => {
  it('tests a source with no mapping, adds discovered fields to the mapping, schedules it in words, saves and runs it', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/data/collect-metric');
    await page.getByRole('link', { name: 'Create' }).click();
    const form = page.locator('form');
    await form.locator('input[name=metricName]').fill('Discovered report');
    await pick(page, 'Advertiser', 'Acme', 'Acme Electronics (ACME)');
    await pick(page, 'Data type', 'Med', 'Media (MEDIA)');
    await form.locator('input[name=sourceLocation]').fill(`${platform.url}/report`);
    await form.locator('.ra-input-sourceMethod\\.headers').getByRole('button', { name: 'Add' }).click();
    await form.locator('input[name="sourceMethod.headers.0.name"]').fill('X-Api-Key');
    await form.locator('input[name="sourceMethod.headers.0.value"]').fill(platform.apiKey);
    await form.locator('input[name="sourceMethod.rowsPath"]').fill('data.rows');

    // No mapping yet: Test source lists the fields of the first page.
    await page.getByRole('button', { name: 'Test source' }).click();
    const preview = page.getByRole('dialog', { name: 'Source preview' });
    const fields = preview.getByTestId('discovered-fields');
    await fields.waitFor();
    await preview.getByText('Read 10 rows of the first page and found 5 fields. Nothing was stored.').waitFor();
    const clicksRow = fields.locator('tr', { has: page.getByRole('rowheader', { name: 'metrics.clicks', exact: true }) });
    expect(await clicksRow.locator('td').allTextContents()).toEqual(['Number', '11, 12, 13', '10', 'Add to mapping']);
    await preview.getByText('Nothing is mapped yet: add fields above, then test again to see the mapped rows.').waitFor();
    for (const path of ['date', 'campaign.id', 'metrics.clicks']) await preview.getByRole('button', { name: `Add ${path} to the mapping` }).click();
    await clicksRow.getByRole('button', { name: 'In the mapping' }).waitFor();
    await preview.getByRole('button', { name: 'Close' }).last().click();
    expect(await form.locator('input[name="fields.0.field"]').inputValue()).toBe('date');
    expect(await form.locator('input[name="fields.0.code"]').inputValue()).toBe('date');
    expect(await form.locator('input[name="fields.1.field"]').inputValue()).toBe('campaign.id');
    expect(await form.locator('input[name="fields.1.code"]').inputValue()).toBe('id');
    expect(await form.locator('input[name="fields.2.field"]').inputValue()).toBe('metrics.clicks');
    expect(await form.locator('input[name="fields.2.code"]').inputValue()).toBe('clicks');
    await form.locator('input[name="fields.0.masterFlag"]').check();
    await form.locator('input[name="fields.1.masterFlag"]').check();

    // Tested again, the mapping shows its rows.
    await page.getByRole('button', { name: 'Test source' }).click();
    await preview.getByTestId('source-preview-rows').waitFor();
    expect(await preview.getByTestId('source-preview-rows').locator('tbody tr').count()).toBe(10);
    await preview.getByRole('button', { name: 'Close' }).last().click();

    // A daily schedule in Seoul, said in a sentence.
    const schedules = form.locator('.ra-input-schedules');
    await schedules.getByRole('button', { name: 'Add' }).click();
    const zone = schedules.getByRole('combobox', { name: /^Time zone/ });
    await zone.click();
    await zone.fill('Seoul');
    await page.getByRole('option', { name: 'Asia/Seoul' }).click();
    await schedules.getByRole('textbox', { name: 'Time', exact: true }).fill('09:00');
    expect(await schedules.getByTestId('schedule-sentence').textContent()).toMatch(
      /^every day at 09:00 Asia\/Seoul · next run \d{4}-\d{2}-\d{2} 09:00 \(in (\d+ h )?\d+ min\)$|^every day at 09:00 Asia\/Seoul · next run \d{4}-\d{2}-\d{2} 09:00 \(in \d+ h\)$/,
    );

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/collect-configs\/\d+\/show$/.test(url.pathname));
    const configId = Number(new URL(page.url()).pathname.split('/')[2]);
    const saved = await e2e.db.selectFrom('collect_config_fields').select(['field', 'code', 'type']).where('config_id', '=', configId).orderBy('sort_no').execute();
    expect(saved.map((field) => [field.field, field.code, field.type])).toEqual([
      ['date', 'date', 'DATE'],
      ['campaign.id', 'id', 'STRING'],
      ['metrics.clicks', 'clicks', 'NUMBER'],
    ]);
    const schedule = await e2e.db.selectFrom('collect_schedules').selectAll().where('config_id', '=', configId).executeTakeFirstOrThrow();
    expect(schedule).toMatchObject({ schedule_type: 'DAILY', scheduled_time: '09:00', time_zone: 'Asia/Seoul' });

    // Run now: the task masters the 10 rows of the first page.
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(
        async () => (await e2e.db.selectFrom('collect_tasks').select(['status', 'rows_mastered']).where('config_id', '=', configId).where('task_kind', '=', 'COLLECT').executeTakeFirst()) ?? null,
        { timeout: 45_000 },
      )
      .toMatchObject({ status: 'SUCCESS', rows_mastered: 10 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
