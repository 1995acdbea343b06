import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, expectAbsent, startE2e, type E2e } from './harness';
import domains from '../../src/resources/domains';
import { UNDO_WINDOW_MS } from '../../src/shared/constants';
import { seriousAxeViolations } from './axeSurvey';
import { signedInPage } from './signedInPage';

/**
 * A delete waits with Undo before it is sent, by keyboard: from a record's edit page on a desktop in
 * English, and of the selected rows of a list on a phone in Korean. A colleague in another browser
 * still has the record while the Undo is offered, keeps it when it is undone, and loses it only once
 * the notice closes by itself.
 */

const KIM_EMAIL = 'kim@example.com';
const KIM_PASSWORD = 'Passw0rd!';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  await e2e.createAccount(KIM_EMAIL, KIM_PASSWORD, 'system-admin');
  const api = await adminApi(e2e);
  for (const domain of ['agency.co.kr', 'studio.co.kr', 'kept.co.kr', 'gone.co.kr']) await api('POST', '/api/domains', { domain, description: 'A partner', activeFlag: 'Y' });
});
afterAll(async () => e2e?.close());

const isHeld = (domain: string) => async () => (await e2e.db.selectFrom('domains').select('domain').where('domain', '=', domain).executeTakeFirst()) !== undefined;

const WORDS = {
  en: { delete: 'Delete', confirm: 'Confirm', deleted: 'Domain deleted', undo: 'Undo', selectRow: (domain: string) => `Select row ${domain}` },
  ko: { delete: '삭제', confirm: '확인', deleted: '도메인 삭제됨', undo: '실행 취소', selectRow: (domain: string) => `${domain} 행 선택` },
} as const;

async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

describe.each([
  { width: 1440, language: 'en', domain: 'agency.co.kr', from: 'its edit page' },
  { width: 390, language: 'ko', domain: 'studio.co.kr', from: 'the list, selected' },
] as const)('a delete offers Undo before it is sent ($width px, $language)', ({ width, language, domain, from }) => {
  it(`deleted from ${from}: hidden, undone by keyboard while a colleague still has it, deleted for good when the notice closes`, async () => {
    const words = WORDS[language];
    const held = isHeld(domain);
    // A row's cell, or on a phone the record's card (selected by its own checkbox, as a row is).
    const cell = (page: Page) => (width === 390 ? page.locator('#main-content .console-card-primary').getByText(domain, { exact: true }) : page.getByRole('cell', { name: domain, exact: true }));
    const id = (await e2e.db.selectFrom('domains').select('id').where('domain', '=', domain).executeTakeFirstOrThrow()).id;
    const me = await signedInPage(e2e, ADMIN_EMAIL, ADMIN_PASSWORD, width, language);
    const kim = await signedInPage(e2e, KIM_EMAIL, KIM_PASSWORD, width, language);
    /** Kim's list, read again: whether the server still has the record. */
    const kimSees = async (present: boolean) => {
      await kim.page.goto(domains.listPath);
      await kim.page.getByText('example.com', { exact: true }).waitFor();
      if (present) await cell(kim.page).waitFor();
      else await expectAbsent(kim.page.locator('#main-content'), cell(kim.page));
    };
    await kimSees(true);

    /** Deletes the record by keyboard alone: the delete button, then the confirmation. */
    const deleteIt = async () => {
      if (from === 'its edit page') {
        await me.page.goto(`/domains/${id}`);
        await me.page.locator('textarea[name=description]').waitFor();
      } else {
        await me.page.goto(domains.listPath);
        await me.page.getByRole('checkbox', { name: words.selectRow(domain) }).focus();
        await me.page.keyboard.press('Space');
      }
      await press(me.page, words.delete);
      const dialog = me.page.getByRole('dialog');
      // The one record's question names it; the selection's counts it.
      await (from === 'its edit page' ? dialog.getByText(domain).first() : dialog).waitFor();
      await dialog.getByRole('button', { name: words.confirm }).focus();
      await me.page.keyboard.press('Enter');
      await me.page.waitForURL((url) => url.pathname === domains.listPath);
      await me.page.getByText(words.deleted).waitFor();
      await me.page.getByText('example.com', { exact: true }).waitFor();
      await expectAbsent(me.page.locator('#main-content'), cell(me.page));
    };

    await deleteIt();
    const undo = me.page.getByRole('button', { name: words.undo });
    await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
    // Nothing sent yet: Kim, reading the list again, still has it.
    await kimSees(true);
    await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
    await me.page.keyboard.press('Enter');
    await cell(me.page).waitFor();
    await me.page.waitForTimeout(UNDO_WINDOW_MS + 1000);
    expect(await held()).toBe(true);
    await kimSees(true);

    // Deleted again and left alone: the DELETE goes when the notice closes by itself, and Kim no longer has it.
    await deleteIt();
    expect(await held()).toBe(true);
    // The notice with its Undo, checked while it waits (the undo above had to be pressed within the window).
    expect(await seriousAxeViolations(me.page)).toEqual([]);
    await me.page.screenshot({ path: `/tmp/undo-delete-${width}-${language}.png` });
    await expect.poll(held).toBe(false);
    await expectAbsent(me.page.locator('#main-content'), cell(me.page));
    await kimSees(false);
    expect(me.problems).toEqual([]);
    expect(kim.problems).toEqual([]);
    await me.context.close();
    await kim.context.close();
  });
});

describe('a bulk delete from a list read before a colleague changed one of its rows', () => {
  it('deletes the unchanged row and refuses the changed one, saying who changed it', async () => {
    const me = await signedInPage(e2e, ADMIN_EMAIL, ADMIN_PASSWORD, 1440, 'en');
    // Each DELETE of the selection names its row's version, as the list read it.
    const ifMatches: (string | undefined)[] = [];
    me.page.on('request', (request) => {
      if (request.method() === 'DELETE') ifMatches.push(request.headers()['if-match']);
    });
    // Without the record changes' stream, the list is not read again when Kim saves: as in the moment before it would be.
    await me.page.route('**/api/events', (route) => route.abort());
    await me.page.goto(domains.listPath);
    for (const domain of ['kept.co.kr', 'gone.co.kr']) await me.page.getByRole('checkbox', { name: WORDS.en.selectRow(domain) }).check();

    // Kim changes one of them after the list was read.
    const kim = await signedInPage(e2e, KIM_EMAIL, KIM_PASSWORD, 1440, 'en');
    const kept = await e2e.db.selectFrom('domains').select('id').where('domain', '=', 'kept.co.kr').executeTakeFirstOrThrow();
    await kim.page.goto(`/domains/${kept.id}`);
    await kim.page.locator('textarea[name=description]').fill('Our partner since spring');
    await kim.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await e2e.db.selectFrom('domains').select('description').where('id', '=', kept.id).executeTakeFirstOrThrow()).description).toBe('Our partner since spring');

    await press(me.page, WORDS.en.delete);
    await me.page.getByRole('dialog').getByRole('button', { name: WORDS.en.confirm }).click();
    await me.page.getByText('2 domains deleted').waitFor();
    // Sent when the Undo notice closes: one row is deleted, the other refused in words.
    await me.page.getByText(/Since you opened this domain, .+ changed it at .+: Description\. Nothing was written/).waitFor({ timeout: UNDO_WINDOW_MS + 10_000 });
    await expect.poll(isHeld('gone.co.kr')).toBe(false);
    expect(await isHeld('kept.co.kr')()).toBe(true);
    await me.page.getByRole('cell', { name: 'kept.co.kr', exact: true }).waitFor();
    expect(ifMatches).toHaveLength(2);
    for (const ifMatch of ifMatches) expect(ifMatch).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(kim.problems).toEqual([]);
    await me.context.close();
    await kim.context.close();
  });
});
