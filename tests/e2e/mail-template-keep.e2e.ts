import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

describe('deleting e-mail templates', () => {
  it('keeps the active sign-in code template (says why) and deletes an inactive one only after a confirmation naming it', async () => {
    const now = new Date().toISOString();
    const otp = await e2e.db.selectFrom('email_templates').select('id').where('type', '=', 'otp').where('language', '=', 'en').where('active_flag', '=', 'Y').executeTakeFirstOrThrow();
    const spare = await e2e.db
      .insertInto('email_templates')
      .values({ type: 'otp', title: 'Old sign-in code {{code}}', body: 'Code {{code}}', active_flag: 'N', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();

    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`/email-templates/${otp.id}`);
    await page
      .getByText(
        'This is the active English Sign-in code template: the console sends those mails from it to every reader without an active template in their language, so it cannot be deleted or deactivated.',
        { exact: false },
      )
      .waitFor();
    await expectAbsent(page.locator('#main-content'), page.getByRole('button', { name: 'Delete' }));

    await page.goto(`/email-templates/${spare.id}`);
    await page.locator('input[name=title]').waitFor();
    expect(await page.locator('input[name=title]').inputValue()).toBe('Old sign-in code {{code}}');
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete the e-mail template "Old sign-in code {{code}}"?').waitFor();
    // Not in one click: nothing is gone until the dialog is confirmed.
    expect(await e2e.db.selectFrom('email_templates').select('id').where('id', '=', spare.id).executeTakeFirst()).toBeDefined();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/system/email-template' || url.pathname === '/email-templates');
    await expect.poll(async () => e2e.db.selectFrom('email_templates').select('id').where('id', '=', spare.id).executeTakeFirst()).toBeUndefined();
    expect(await e2e.db.selectFrom('email_templates').select('id').where('id', '=', otp.id).executeTakeFirst()).toBeDefined();
    expect(problems).toEqual([]);
    await context.close();
  });
});
