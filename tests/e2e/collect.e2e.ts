import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-collect';
const SECRET = 'platform-secret-1';

/**
 * A tiny ad platform on 127.0.0.1: a paged JSON report (`data.rows`, `?page=`) that wants the
 * market account's secret in X-Api-Key. `broken` makes it answer 500.
 */
function fakePlatform() {
  const state = { broken: false, requests: [] as { page: string | null; key: string | undefined }[] };
  const pages: Record<string, unknown[]> = {
    '1': [
      { date: '2026-11-17', campaign: { id: 'C-1' }, metrics: { impressions: 1000, clicks: 31 } },
      { date: '2026-11-17', campaign: { id: 'C-2' }, metrics: { impressions: 2000, clicks: 42 } },
    ],
    '2': [{ date: '2026-11-17', campaign: { id: 'C-3' }, metrics: { impressions: 3000, clicks: 53 } }],
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    state.requests.push({ page: url.searchParams.get('page'), key: request.headers['x-api-key'] as string | undefined });
    if (state.broken) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('platform is down');
      return;
    }
    if (request.headers['x-api-key'] !== SECRET) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { rows: pages[url.searchParams.get('page') ?? '1'] ?? [] } }));
  });
  return {
    state,
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let e2e: E2e;
const platform = fakePlatform();
let platformUrl: string;
beforeAll(async () => {
  // A scheduler that polls fast and does not retry, so a failure shows at once.
  e2e = await startE2e({ collect: { schedulerEnabled: true, pollMs: 300, leaseMs: 60_000, maxAttempts: 1, retryBaseMs: 0, suspendAfter: 5 } });
  platformUrl = await platform.listen();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await e2e?.close();
  await platform.close();
});

async function shot(page: Page, name: string, fullPage = true) {
  // Let dialogs and toasts finish their transitions, so the picture shows what a user sees.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function pick(page: Page, combobox: string, typed: string, option: string, scope = page.locator('form')) {
  const input = scope.getByRole('combobox', { name: combobox });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

async function confirm(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
}

/** Waits until the board's row of the process shows the status (the board polls by itself). */
async function processStatus(page: Page, processId: string, status: string) {
  // A process reads as its metric; its id is only in the name's details (data-code, title).
  const row = page.getByTestId('process-table').locator('tr', { has: page.locator(`[data-code="${processId}"]`) });
  await row.getByText(status, { exact: true }).waitFor({ timeout: 45_000 });
  return row;
}

describe('Collect Data Setting screens', () => {
  it('collects from a market account into a LOCAL target, shows it on the board, and recovers a failed run by Retry', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');

    // Market account with a write-only secret.
    await page.getByRole('link', { name: 'Market Accounts' }).click();
    await page.waitForURL((url) => url.pathname === '/data/market-account');
    await page
      .getByText(/No Market Accounts yet|No .* found/)
      .first()
      .waitFor();
    await shot(page, '01-market-accounts-empty');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=platform]').fill('fakeads');
    await page.locator('input[name=accountId]').fill('act-1');
    await page.locator('input[name=name]').fill('Fake Ads KR');
    await pick(page, 'Advertiser', 'Acme', 'Acme Electronics (ACME)');
    await pick(page, 'Country', 'Kor', 'Korea (KR)');
    await page.locator('input[name=secret]').fill(SECRET);
    expect(await page.locator('input[name=secret]').getAttribute('type')).toBe('password');
    // The secret goes only to the hosts named here: the fake platform's.
    await page.getByLabel('Secret hosts').fill('127.0.0.1');
    await page.keyboard.press('Enter');
    await shot(page, '02-market-account-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/market-accounts\/\d+\/show$/.test(url.pathname));
    await page.getByText('Set', { exact: true }).waitFor();
    await shot(page, '03-market-account-show');
    const account = await e2e.db.selectFrom('market_accounts').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(account)).not.toContain(SECRET);
    // Editing without typing a secret keeps the stored one.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByText('A secret is stored. Leave empty to keep it; type to replace it.').waitFor();
    expect(await page.locator('input[name=secret]').inputValue()).toBe('');
    await page.locator('input[name=name]').fill('Fake Ads Korea');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/market-accounts\/\d+\/show$/.test(url.pathname));
    // The name shows on the record (and in the save toast, outside main).
    await page.getByRole('main').getByText('Fake Ads Korea').first().waitFor();
    await page.getByText('Set', { exact: true }).waitFor();

    // Collect metric against the fake platform: test the source first, then save.
    await page.goto('/data/collect-metric');
    await page.getByRole('link', { name: 'Create' }).click();
    const form = page.locator('form');
    await form.locator('input[name=metricName]').fill('Fake daily report');
    await pick(page, 'Advertiser', 'Acme', 'Acme Electronics (ACME)');
    await pick(page, 'Data type', 'Med', 'Media (MEDIA)');
    await form.locator('input[name=sourceLocation]').fill(`${platformUrl}/report`);
    await pick(page, 'Market account', 'Fake', 'Fake Ads Korea (FAKEADS act-1)');
    await form.locator('input[name=keyName]').fill('X-Api-Key');
    await form.locator('input[name="sourceMethod.rowsPath"]').fill('data.rows');
    await form.getByRole('combobox', { name: 'Pagination' }).click();
    await page.getByRole('option', { name: 'Page number' }).click();
    await form.locator('input[name="sourceMethod.pagination.pageParam"]').fill('page');
    const mappings: [string, string][] = [
      ['date', 'report_date'],
      ['campaign.id', 'campaign_id'],
      ['metrics.clicks', 'clicks'],
    ];
    for (const [index, [field, code]] of mappings.entries()) {
      if (index > 0) await form.locator('.ra-input-fields').getByRole('button', { name: 'Add' }).last().click();
      await form.locator(`input[name="fields.${index}.field"]`).fill(field);
      await form.locator(`input[name="fields.${index}.code"]`).fill(code);
    }
    await form.locator('input[name="fields.0.masterFlag"]').check();
    await form.locator('input[name="fields.1.masterFlag"]').check();
    await form.locator('input[name=alertRecipients]').fill('ops@example.com');

    await page.getByRole('button', { name: 'Test source' }).click();
    const preview = page.getByRole('dialog', { name: 'Source preview' });
    await preview.getByTestId('source-preview-rows').waitFor();
    expect(await preview.getByTestId('source-preview-rows').locator('tbody tr').count()).toBe(2);
    await preview.getByTestId('source-preview-rows').getByText('C-2').waitFor();
    await shot(page, '04-collect-test-source', false);
    await preview.getByRole('button', { name: 'Close' }).last().click();
    expect(await e2e.db.selectFrom('collect_tasks').selectAll().execute()).toEqual([]);
    await shot(page, '05-collect-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/collect-configs\/\d+\/show$/.test(url.pathname));
    const configPath = new URL(page.url()).pathname;
    const configId = Number(configPath.split('/')[2]);
    await page.getByText('No schedules: this metric runs only by hand.').waitFor();
    await shot(page, '06-collect-show');

    // LOCAL post metric for the same data type, with its connection checked.
    await page.goto('/data/post-metric');
    await page.getByRole('link', { name: 'Create' }).click();
    await pick(page, 'Data type', 'Med', 'Media (MEDIA)');
    await form.locator('input[name=targetType]').fill('dashboard feed');
    await form.locator('input[name=targetLocation]').fill('feeds/media');
    for (const [index, code] of ['report_date', 'campaign_id', 'clicks'].entries()) {
      if (index > 0) await form.getByRole('button', { name: 'Add' }).last().click();
      await form.locator(`input[name="headers.${index}.code"]`).fill(code);
    }
    await shot(page, '07-post-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/post-configs\/\d+\/show$/.test(url.pathname));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByTestId('connection-check').getByText('Connected.').waitFor();
    await shot(page, '08-post-test-connection', false);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

    // Run now; the toast leads to the board, which follows the task to SUCCESS by itself.
    await page.goto(configPath);
    await page.getByRole('button', { name: 'Run now' }).click();
    await confirm(page);
    await page.getByRole('status').getByRole('link', { name: 'Collecting Status' }).click();
    await page.waitForURL((url) => url.pathname === '/data/collect-status');
    await processStatus(page, `P${configId}`, 'Succeeded');
    await page.getByTestId('collect-tiles').getByText('3', { exact: true }).first().waitFor();
    await shot(page, '09-board-success');
    // Each finished run says how long it took.
    await page
      .locator('tbody tr', { has: page.getByRole('button', { name: /post tasks of run #/ }) })
      .filter({ hasText: 'Succeeded' })
      .first()
      .getByText(/^(\d+ s|under 1 s)$/)
      .waitFor();
    const posted = join(e2e.app.ctx.config.dataDir, 'posted', 'feeds', 'media');
    expect(existsSync(posted) && readdirSync(posted).length).toBeGreaterThan(0);
    expect(readFileSync(join(posted, readdirSync(posted)[0]), 'utf8')).toContain('C-3');
    expect(platform.state.requests.every((request) => request.key === SECRET)).toBe(true);

    // The collect task's detail.
    await page
      .locator('tbody tr', { has: page.getByRole('button', { name: /post tasks of run #/ }) })
      .filter({ hasText: 'Succeeded' })
      .first()
      .click();
    await page.waitForURL((url) => /^\/tasks\/\d+\/show$/.test(url.pathname));
    await page.getByText(new RegExp(`^master_rows\\?configId=${configId}&period=`)).waitFor();
    expect(await page.getByTestId('response-meta').textContent()).toContain('Rows3');
    expect(await page.getByTestId('task-log').textContent()).toContain('Mastered 3 rows');
    await shot(page, '10-task-detail');

    // Break the source: the next run ends in ERROR and mails the alert.
    platform.state.broken = true;
    await page.goto(configPath);
    await page.getByRole('button', { name: 'Run now' }).click();
    await confirm(page);
    await page.goto('/data/collect-status');
    await processStatus(page, `P${configId}`, 'Failed');
    const failedRow = page
      .locator('tbody tr', { has: page.getByRole('button', { name: /post tasks of run #/ }) })
      .filter({ hasText: 'Failed' })
      .first();
    await failedRow.getByText('HTTP 500', { exact: false }).waitFor();
    await shot(page, '11-board-error');
    // Error text and the Retry button do not widen the page either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    await expect.poll(async () => (await e2e.db.selectFrom('mail_outbox').select('to_address').execute()).map((mail) => mail.to_address)).toContain('ops@example.com');

    // Mend the source and retry the failed task from the board.
    platform.state.broken = false;
    await failedRow.getByRole('button', { name: 'Retry' }).click();
    await page
      .getByRole('dialog')
      .getByText(/^Retry task #\d+\?$/)
      .waitFor();
    await confirm(page);
    await processStatus(page, `P${configId}`, 'Succeeded');
    await shot(page, '12-board-retried');
    // The board with its wide tables still fits a 1440 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);

    // The three lists show what was made, with the secrets as set/unset only.
    for (const [path, text, name] of [
      ['/data/market-account', 'Fake Ads Korea', '13-market-accounts'],
      ['/data/collect-metric', 'Fake daily report', '14-collect-metrics'],
      ['/data/post-metric', 'dashboard feed', '15-post-metrics'],
    ]) {
      await page.goto(path);
      await page.locator('tbody tr', { hasText: text }).waitFor();
      await shot(page, name);
    }

    // The same screens in Korean.
    await page.evaluate(() => localStorage.setItem('RaStoreconsole.locale', JSON.stringify('ko')));
    await page.goto('/data/collect-status');
    await page.getByText('총 마스터링').waitFor();
    await page.getByRole('img', { name: /일별 작업: 성공 \d+, 실패 \d+/ }).waitFor();
    await shot(page, '16-board-ko');
    await page.goto(`${configPath.replace('/show', '')}`);
    await page.getByText('필드 매핑').first().waitFor();
    await shot(page, '17-collect-edit-ko');
    expect(problems.filter((problem) => !/40[0-9]/.test(problem))).toEqual([]);
    await context.close();
  });

  it('lets a global admin (rank 2) pick the advertiser and country from the code tables', async () => {
    await e2e.createAccount('collector@example.com', 'Collect#2024', 'global-admin');
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, 'collector@example.com', 'Collect#2024');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Market Accounts' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=platform]').fill('meta');
    await page.locator('input[name=accountId]').fill('act-9');
    await page.locator('input[name=name]').fill('Meta KR');
    // The code tables are readable by every signed-in admin, not only System Setting's rank 1.
    await pick(page, 'Advertiser', 'Acme', 'Acme Electronics (ACME)');
    await pick(page, 'Country', 'Kor', 'Korea (KR)');
    await shot(page, '18-market-account-create-rank2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/market-accounts\/\d+\/show$/.test(url.pathname));
    await page.getByText('Not set', { exact: true }).waitFor();
    const saved = await e2e.db.selectFrom('market_accounts').selectAll().where('account_id', '=', 'act-9').executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ platform: 'META', name: 'Meta KR', advertiser_code: 'ACME', country_code: 'KR' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
