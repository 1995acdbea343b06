import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, watchProblems, type E2e } from './harness';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

describe('API reference page', () => {
  it("renders the operations under the console's content-security policy, without errors", async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    const response = await page.goto('/api/reference/');
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await page.getByRole('heading', { name: /Campaign Console API/ }).waitFor();
    // The tag's heading holds its name and its description.
    await page.locator('#operations-tag-auth').waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(5);
    await page.locator('.opblock-summary-path', { hasText: /^\/api\/auth\/signin$/ }).click();
    await page.getByText('Request body').first().waitFor();
    await page.getByText('email').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
