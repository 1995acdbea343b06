import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';
import { preferKorean, seriousAxeViolations } from './axeSurvey';
import { englishOnKoreanScreen, foreignClockFindings, untranslatedEnglish } from './readableText';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  await e2e.db.updateTable('admins').set({ first_name: 'Mina', last_name: 'Park' }).where('email', '=', ADMIN_EMAIL).execute();
  // The Korean test's own change, on a domain of its own: each test reads a change it did not
  // need another test to make, and the English test's record stays the only one named example.com.
  const api = await adminApi(e2e);
  const added = await api('POST', '/api/domains', { domain: 'branch.example.org' });
  expect(added.result).toBe('SUCCESS');
  expect((await api('PUT', `/api/domains/${added.data.id}`, { domain: 'branch.example.org', description: 'Branch office' })).result).toBe('SUCCESS');
});
afterAll(async () => e2e?.close());

describe('Activity', () => {
  it('says in words who changed a record, on the Activity screen and on the record’s own history', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    const domain = await e2e.db.selectFrom('domains').select('id').where('domain', '=', 'example.com').executeTakeFirstOrThrow();

    await page.goto(`/domains/${domain.id}`);
    await page.locator('textarea[name=description]').fill('Head office');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Domain example.com saved').waitFor();

    await page.getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL((url) => url.pathname === '/log/activity');
    await page.getByText('Mina Park changed Allowed Domain example.com').waitFor();
    await page.getByText(/^Description .* → 'Head office'$/).waitFor();
    // Times read as people read them, and the screen passes the accessibility checks every screen does.
    expect(await foreignClockFindings(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`/domains/${domain.id}/show`);
    const history = page.getByRole('region', { name: 'History of this record' });
    await history.getByText('Mina Park changed Allowed Domain example.com').waitFor();
    await history.getByText(/^Description .* → 'Head office'$/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await history.getByRole('link', { name: 'All activity of this record' }).click();
    await page.waitForURL((url) => url.pathname === '/log/activity');
    await page.getByText('Mina Park changed Allowed Domain example.com').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads in Korean on the Korean screen', async () => {
    const { context, page } = await e2e.newPage();
    await preferKorean(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/log/activity');
    await page.getByText('Mina Park 님이 허용 도메인 branch.example.org을(를) 변경했습니다').waitFor();
    expect(await englishOnKoreanScreen(page, await untranslatedEnglish())).toEqual([]);
    await context.close();
  });
});
