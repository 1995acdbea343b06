import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-terms';

let e2e: E2e;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

/** "YYYY-MM-DD HH:mm", as typed into the date input, in the browser's (and this process's) time zone, days from now. */
function localInput(daysFromNow: number): string {
  const at = new Date(Date.now() + daysFromNow * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

describe('Terms screens', () => {
  it('lets a system-admin create a term with a version, find it, and schedule, revise and read its versions', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    // Publishing or editing a version changes the term: each such write names the term's version as shown.
    const versionWrites: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && /^\/api\/terms\/\d+\/versions/.test(new URL(request.url()).pathname)) versionWrites.push(request.headers()['if-match']);
    });
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Terms', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/system/terms');
    await page.getByText('Terms of Service').waitFor();
    await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=title]').fill('Marketing Consent');
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('We may send you product news. ');
    // Typed at once: pressing Bold leaves focus in the text (TermContentToolbar).
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('You can opt out at any time.');
    await page.screenshot({ path: `${SHOTS}/create.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => /^\/terms\/\d+\/show$/.test(url.pathname));
    await page.getByText('Marketing Consent').first().waitFor();
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByText('In effect').waitFor();
    await page.getByText('You can opt out at any time.').first().waitFor();
    const stored = await e2e.db
      .selectFrom('term_versions')
      .innerJoin('terms', 'terms.id', 'term_versions.term_id')
      .select(['terms.type', 'term_versions.content'])
      .where('terms.title', '=', 'Marketing Consent')
      .execute();
    expect(stored).toEqual([{ type: 'REQUIRED', content: '<p>We may send you product news. <strong>You can opt out at any time.</strong></p>' }]);

    // A second version, first with a date in the past (refused on the field), then next week.
    await page.getByRole('button', { name: 'Publish a new version' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name=termsVersion]').fill('2.0');
    await dialog.locator('input[name=effectiveAt]').fill(localInput(-1));
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type('From next week we also send event invitations.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The effective date cannot be in the past.').waitFor();
    await dialog.locator('input[name=effectiveAt]').fill(localInput(7));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Version 2.0 has been published.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await versions.getByText('Scheduled').waitFor();
    await versions.getByText('2.0', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/show.png`, fullPage: true });

    // Version 1.0 has taken effect: its edit form publishes a new version instead.
    await versions.getByRole('button', { name: 'Edit as a new version' }).click();
    await dialog.getByText('Version 1.0 has already taken effect').waitFor();
    await dialog.locator('input[name=termsVersion]').fill('1.1');
    await page.screenshot({ path: `${SHOTS}/edit-in-effect.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Version 1.0 was kept unchanged; your changes were published as version 1.1.').waitFor();
    await versions.getByText('Superseded').waitFor();
    const labels = await e2e.db
      .selectFrom('term_versions')
      .innerJoin('terms', 'terms.id', 'term_versions.term_id')
      .select('term_versions.terms_version')
      .where('terms.title', '=', 'Marketing Consent')
      .orderBy('term_versions.id')
      .execute();
    expect(labels.map((row) => row.terms_version)).toEqual(['1.0', '2.0', '1.1']);
    expect(versionWrites.length).toBeGreaterThanOrEqual(2);
    for (const ifMatch of versionWrites) expect(ifMatch).toMatch(/^"[A-Za-z0-9_-]{22}"$/);

    await page.goto('/system/terms');
    await page.getByPlaceholder('Search', { exact: true }).fill('marketing');
    await page.getByText('1-1 of 1').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Marketing Consent' });
    await row.getByText('1.1', { exact: true }).waitFor();
    await row.getByText('3', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a new version's content as HTML in the sign-in terms step, purified once more in the browser", async () => {
    await e2e.createAccount('reader@example.com', 'Welcome1!');
    const term = await e2e.db.selectFrom('terms').select('id').where('title', '=', 'Terms of Service').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    // Written straight to the database, past the API's sanitiser, to prove the page does not trust it either.
    await e2e.db
      .insertInto('term_versions')
      .values({
        term_id: term.id,
        terms_version: '3.0',
        content: '<p>Read this <strong>carefully</strong>.</p><img src="x" onerror="window.pwned=1"><script>window.pwned=2</script>',
        effective_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { context, page } = await e2e.newPage();
    await signInThroughPage(e2e, page, 'reader@example.com', 'Welcome1!');
    await page.getByText('Our terms have changed. Please review them to continue.').waitFor();
    const terms = page.getByRole('region', { name: 'Terms' });
    await terms.locator('strong', { hasText: 'carefully' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/signin-terms.png`, fullPage: true });
    await expectAbsent(terms, page.locator('img, script'));
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await context.close();
  });
});
