import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHasher } from '../../server/auth/passwords';
import { seedDemo } from '../../server/ops/demo';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';
import domains from '../../src/resources/domains';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  const { config, files } = e2e.app.ctx;
  await seedDemo(e2e.db, { hasher: passwordHasher(config.passwordHash), files });
});
afterAll(async () => e2e?.close());

/** Every list screen of the console, by its path. */
const LIST_SCREENS = [
  '/',
  '/system/terms',
  domains.listPath,
  '/system/dashboard-template',
  '/system/email-template',
  '/system/project-property',
  '/data/collect-status',
  '/data/collect-metric',
  '/data/post-metric',
  '/data/market-account',
  '/log/system',
  '/user/users',
  '/user/access-history',
];

describe('demo data in the browser', () => {
  it('shows rows on every list screen after the demo seed', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    for (const path of LIST_SCREENS) {
      await page.goto(path);
      await expect.poll(() => page.locator('tbody tr').count(), { message: path, timeout: 15_000 }).toBeGreaterThan(0);
      if (process.env.OPS_SHOTS) await page.screenshot({ path: `${process.env.OPS_SHOTS}/demo${path.replaceAll('/', '-')}.png` });
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
