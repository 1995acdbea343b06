import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { emailTemplateTypes, MAIL_LANGUAGES } from '../../src/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-mail';

let e2e: E2e;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
});
afterAll(async () => e2e?.close());

/** MUI transitions settle in 225 ms; a screenshot waits for them. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const previewSubject = (page: Page) => page.getByTestId('mail-preview-subject');

describe('E-mail Templates and Alert Mail screens', () => {
  it('lets a system-admin edit the otp template with a live preview and attach a file to a statement', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'E-mail Templates' }).click();
    await page.waitForURL((url) => url.pathname === '/system/email-template');
    // A new database has one built-in template per type and language, the language in words.
    const signInCode = (language: string) =>
      page
        .locator('tbody tr')
        .filter({ has: page.getByRole('cell', { name: language, exact: true }) })
        .getByRole('cell', { name: 'Sign-in code', exact: true });
    await signInCode('Korean').waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(emailTemplateTypes.length * MAIL_LANGUAGES.length);
    await shot(page, 'email-template-list');

    await signInCode('English').click();
    await expect.poll(() => previewSubject(page).textContent()).toBe('Your verification code: 482913');
    await page.frameLocator('[data-testid=mail-preview-html]').getByText('Hello Jane Doe,').waitFor();

    await page.locator('input[name=title]').fill('ACME sign-in code {{code}}');
    await page.locator('textarea[name=body]').fill('Dear {{name}}, your ACME code is {{code}}.');
    await expect.poll(() => previewSubject(page).textContent()).toBe('ACME sign-in code 482913');
    await page.frameLocator('[data-testid=mail-preview-html]').getByText('Dear Jane Doe, your ACME code is 482913.').waitFor();

    await page.locator('textarea[name=body]').fill('Dear {{name}}, your code is {{unknown}}.');
    await page.getByTestId('mail-preview').getByText('Unknown placeholder {{unknown}}', { exact: false }).waitFor();
    await shot(page, 'email-template-edit-unknown-placeholder');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Unknown placeholder {{unknown}}', { exact: false }).first().waitFor();
    expect((await e2e.db.selectFrom('email_templates').select('title').where('type', '=', 'otp').where('language', '=', 'en').executeTakeFirstOrThrow()).title).toBe(
      'Your verification code: {{code}}',
    );

    await page.locator('textarea[name=body]').fill('Dear {{name}}, your ACME code is {{code}}.');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.locator('textarea[name="statements.0.statement"]').fill('The ACME security guide is attached.');
    const folder = mkdtempSync(join(tmpdir(), 'mail-e2e-'));
    writeFileSync(join(folder, 'guide.pdf'), '%PDF-1.7\nACME security guide\n');
    await page.locator('input[type=file]').setInputFiles(join(folder, 'guide.pdf'));
    await page.getByRole('link', { name: 'guide.pdf' }).waitFor();
    await page.frameLocator('[data-testid=mail-preview-html]').getByText('The ACME security guide is attached.').waitFor();
    await shot(page, 'email-template-edit-preview');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/system/email-template');
    await page.getByText('E-mail template ACME sign-in code {{code}} saved').waitFor();
    await page.getByRole('cell', { name: 'ACME sign-in code {{code}}' }).waitFor();

    const otp = await e2e.db.selectFrom('email_templates').select(['id', 'title', 'body', 'active_flag']).where('type', '=', 'otp').where('language', '=', 'en').executeTakeFirstOrThrow();
    expect(otp).toMatchObject({ title: 'ACME sign-in code {{code}}', body: 'Dear {{name}}, your ACME code is {{code}}.', active_flag: 'Y' });
    const statements = await e2e.db.selectFrom('email_template_statements').select(['statement', 'file_id']).where('template_id', '=', otp.id).execute();
    expect(statements).toEqual([{ statement: 'The ACME security guide is attached.', file_id: expect.any(String) }]);

    await page.goto(`/email-templates/${otp.id}/show`);
    await page.getByRole('link', { name: 'guide.pdf' }).waitFor();
    await expect.poll(() => previewSubject(page).textContent()).toBe('ACME sign-in code 482913');
    await shot(page, 'email-template-show');
    expect(problems.filter((problem) => !/40[09]/.test(problem))).toEqual([]);
    await context.close();
  });

  it('shows each template’s language in words and previews a Korean template as a Korean reader gets it', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    const korean = await e2e.db.selectFrom('email_templates').select('id').where('type', '=', 'project-shared').where('language', '=', 'ko').executeTakeFirstOrThrow();
    await page.goto(`/email-templates/${korean.id}`);
    await expect.poll(() => previewSubject(page).textContent()).toBe('Mina Park님이 프로젝트 Monthly budgets KR을(를) 공유했습니다');
    await page.frameLocator('[data-testid=mail-preview-html]').getByText('편집자 권한으로 공유했습니다', { exact: false }).waitFor();
    // The language input reads as words, and says what the language does.
    await page.getByRole('combobox', { name: 'Language' }).getByText('Korean', { exact: true }).waitFor();
    await page.getByText('Mails to a person who reads the console in this language are written from it.', { exact: false }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets a system-admin create an alert mail template, previewed inside the alert e-mail', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Alert Mail' }).click();
    await page.waitForURL((url) => url.pathname === '/system/alert-mail');
    await page.getByRole('link', { name: 'Create' }).click();

    await page.locator('input[name=procedure]').fill('collect-meta-ads');
    await page.locator('input[name=errorId]').fill('E401');
    await page.locator('input[name=subtitle]').fill('Token expired for config {{configId}}');
    await page.locator('textarea[name=content]').fill('Task {{taskId}} stopped at {{occurredAt}}: {{detail}}');
    await expect.poll(() => previewSubject(page).textContent()).toBe('[Alert] Token expired for config 77');
    await page.frameLocator('[data-testid=mail-preview-html]').getByText('Task 1024 stopped at 2024-05-01 03:00 (UTC): Task 1024 stopped at 03:00 UTC.').waitFor();
    await shot(page, 'alert-mail-create-preview');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/system/alert-mail');
    await page.getByText('Token expired for config {{configId}}').waitFor();
    await shot(page, 'alert-mail-list');

    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=procedure]').fill('collect-meta-ads');
    await page.locator('input[name=errorId]').fill('E401');
    await page.locator('input[name=subtitle]').fill('Again');
    await page.locator('textarea[name=content]').fill('Broken {{taskId');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Unbalanced {{', { exact: false }).first().waitFor();
    await page.locator('textarea[name=content]').fill('Fine');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('An alert mail for collect-meta-ads and error E401 already exists.').first().waitFor();
    expect(await e2e.db.selectFrom('alert_mails').select(['procedure', 'error_id', 'subtitle']).where('procedure', '=', 'collect-meta-ads').execute()).toEqual([
      { procedure: 'collect-meta-ads', error_id: 'E401', subtitle: 'Token expired for config {{configId}}' },
    ]);
    expect(problems.filter((problem) => !/40[09]/.test(problem))).toEqual([]);
    await context.close();
  });
});
