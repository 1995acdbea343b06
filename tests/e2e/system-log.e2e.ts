import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

describe('System Log screen', () => {
  it('lists API calls, filters them, shows one with its redacted body, exports CSV and saves the retention', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'System Log' }).click();
    await page.waitForURL((url) => url.pathname === '/log/system');
    await page.getByText('/api/auth/signin/otp').first().waitFor();

    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Endpoint' }).click();
    await page.locator('input[name=endPoint]').fill('/api/auth/signin');
    // The list follows the filter once the address carries it (the input is debounced).
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"endPoint":"/api/auth/signin"'));
    await page.getByText('/api/auth/signin/otp').first().waitFor();
    await expectAbsent(page.locator('#main-content'), page.getByText('/api/system-logs'));

    // From takes YYYY-MM-DD HH:mm: a half-typed value is never sent, a complete one goes as an ISO instant.
    const fromFilters: string[] = [];
    page.on('request', (request) => {
      const filter = new URL(request.url()).searchParams.get('filter');
      if (request.url().includes('/api/system-logs?') && filter) fromFilters.push(JSON.parse(filter).from ?? '');
    });
    const from = page.getByRole('textbox', { name: 'From' });
    await from.pressSequentially('2099-01-0');
    await page.waitForTimeout(1000);
    expect(fromFilters).toEqual([]);
    await from.pressSequentially('1 00:00');
    // Polling for the rows to go raced the debounced filter on a loaded machine (a poll gives up after
    // a second): the list is read once the address carries the filter and the page has settled.
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"from":'));
    await expectAbsent(page.locator('#main-content'), page.getByText('/api/auth/signin/otp'));
    expect(fromFilters).toEqual([new Date(2099, 0, 1).toISOString()]);
    await from.clear();
    await page.getByText('/api/auth/signin/otp').first().waitFor();

    await page.getByText('/api/auth/signin/otp').first().click();
    await page.getByText('Request body').waitFor();
    await page.getByText('"code": "[REDACTED]"').waitFor();
    expect(await page.content()).not.toMatch(/"code": "\d{6}"/);

    await page.goBack();
    await page.getByText('/api/auth/signin/otp').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    // Written for people: the screen's column names, the time column naming the browser's zone, times as YYYY-MM-DD HH:mm.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(csv.split('\r\n')[0].replace(/^\uFEFF/, '')).toBe(`Time (${zone}),Event ID,User ID,E-mail,Method,Endpoint,Status,Query,Request body,Source IP`);
    expect(csv.split('\r\n')[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    expect(csv).toContain('/api/auth/signin/otp');
    expect(csv).not.toContain('/api/system-logs?');

    await page.locator('input[name=retentionDays]').fill('0');
    await page.getByRole('button', { name: 'Save log retention' }).click();
    await page.getByText('Keep the log at least 1 day.').waitFor();
    await page.locator('input[name=retentionDays]').fill('90');
    await page.getByRole('button', { name: 'Save log retention' }).click();
    await page.getByText('Retention set to 90 days', { exact: false }).waitFor();
    const setting = await e2e.db.selectFrom('app_settings').select('value').where('key', '=', 'systemLogRetentionDays').executeTakeFirstOrThrow();
    expect(setting.value).toBe('90');
    await page.screenshot({ path: '/tmp/shots/system-log.png' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
