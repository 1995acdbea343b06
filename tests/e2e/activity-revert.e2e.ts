import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, expectAbsent, startE2e, type E2e } from './harness';
import { seedDemoData, seriousAxeViolations } from './axeSurvey';
import { signedInPage } from './signedInPage';

/**
 * Reverting a change from a record's history, by keyboard: the dialog shows each field now → back
 * to, the revert is saved as a new change naming the one it undoes, and a change whose fields were
 * changed since is refused in words.
 */

const VIEWER_EMAIL = 'viewer@example.com';
const VIEWER_PASSWORD = 'Passw0rd!';
const KIM_EMAIL = 'kim@example.com';
const KIM_PASSWORD = 'Passw0rd!';

let e2e: E2e;
const domains: Record<string, number> = {};
let projectId: number;
beforeAll(async () => {
  e2e = await startE2e();
  await seedDemoData(e2e);
  projectId = (await e2e.db.selectFrom('projects').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  // Someone the project is shared with to view only: its history, but no revert.
  const viewer = await e2e.createAccount(VIEWER_EMAIL, VIEWER_PASSWORD, 'user');
  const now = new Date().toISOString();
  await e2e.db.insertInto('project_shares').values({ project_id: projectId, admin_id: viewer, privilege: 'VIEWER', created_at: now, updated_at: now }).execute();
  await e2e.db.updateTable('admins').set({ first_name: 'Mina', last_name: 'Park' }).where('email', '=', ADMIN_EMAIL).execute();
  const api = await adminApi(e2e);
  for (const domain of ['revert.example.org']) {
    const added = await api('POST', '/api/domains', { domain, description: 'Head office' });
    expect(added.result).toBe('SUCCESS');
    expect((await api('PUT', `/api/domains/${added.data.id}`, { domain, description: 'Branch office' })).result).toBe('SUCCESS');
    domains[domain] = added.data.id as number;
  }
}, 180_000);
afterAll(async () => e2e?.close());

const description = (id: number) => e2e.db.selectFrom('domains').select('description').where('id', '=', id).executeTakeFirstOrThrow();

async function press(page: Page, within: Locator, name: string, nth = 0) {
  await within.getByRole('button', { name, exact: true }).nth(nth).focus();
  await page.keyboard.press('Enter');
}

describe('Revert this change', () => {
  it.each([1440, 390])('puts a change back from the record’s history, and refuses one changed since (%i px)', async (width) => {
    const id = domains['revert.example.org'];
    if (width === 390) {
      // The same record again at phone width: the revert made at 1440 px is itself a change, reverted here.
      expect((await description(id)).description).toBe('Head office');
    }
    const { context, page, problems } = await signedInPage(e2e, ADMIN_EMAIL, ADMIN_PASSWORD, width, 'en');
    await page.goto(`/domains/${id}/show`);
    const history = page.getByRole('region', { name: 'History of this record' });
    await history
      .getByText(width === 1440 ? 'Mina Park changed Allowed Domain revert.example.org' : /^Mina Park reverted Allowed Domain revert\.example\.org/)
      .first()
      .waitFor();

    await press(page, history, 'Revert this change');
    const dialog = page.getByRole('dialog', { name: 'Revert this change?' });
    const [now, back] = width === 1440 ? ['Branch office', 'Head office'] : ['Head office', 'Branch office'];
    await dialog.getByText(`Description '${now}' → '${back}'`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await press(page, dialog, 'Revert');
    await page.getByText('The change by Mina Park has been reverted.').waitFor();
    await expect.poll(async () => (await description(id)).description).toBe(back);
    await history
      .getByText(/^Mina Park reverted Allowed Domain revert\.example\.org \(Mina Park's change no\. \d+\)$/)
      .first()
      .waitFor();

    // The change before the revert touched the same field the revert just did: refused, nothing written.
    await press(page, history, 'Revert this change', 1);
    await page.getByRole('dialog', { name: 'Revert this change?' }).waitFor();
    await press(page, page.getByRole('dialog'), 'Revert');
    await page.getByText(/Mina Park changed Description at .+, after this change: reverting it would undo theirs too, so nothing was written\./).waitFor();
    expect((await description(id)).description).toBe(back);
    // The refusal's 409 is the one failed request the browser reports.
    expect(problems.filter((problem) => !problem.includes('409 (Conflict)'))).toEqual([]);
    await context.close();
  });
});

const PROJECT_WORDS = {
  en: {
    history: 'History of this record',
    action: 'Revert this change',
    title: 'Revert this change?',
    goesBack: 'Each field goes back, as a new change (now → back to):',
    description: 'Description',
    confirm: 'Revert',
    done: 'The change by Kim Lee has been reverted.',
    reverted: /^Mina Park reverted Project .+ \(Kim Lee's change no\. \d+\)$/,
    save: 'Save',
  },
  ko: {
    history: '이 항목의 변경 이력',
    action: '이 변경 되돌리기',
    title: '이 변경을 되돌릴까요?',
    goesBack: '각 필드를 새 변경으로 되돌립니다(지금 → 되돌릴 값):',
    description: '설명',
    confirm: '되돌리기',
    done: 'Kim Lee님의 변경을 되돌렸습니다.',
    reverted: /^Mina Park 님이 프로젝트 .+의 변경\(Kim Lee 님, \d+번\)을 되돌렸습니다$/,
    save: '저장',
  },
} as const;

/**
 * Two people and a viewer on one project: Kim rewrites its description, I put it back from the
 * project's history, and the viewer sees the revert in the history but no way to revert. On a desktop
 * in English and on a phone in Korean, by keyboard.
 */
describe("Revert this change on a project's page", () => {
  const stored = () => e2e.db.selectFrom('projects').select('description').where('id', '=', projectId).executeTakeFirstOrThrow();
  beforeAll(async () => {
    const kim = await e2e.createAccount(KIM_EMAIL, KIM_PASSWORD, 'system-admin');
    await e2e.db.updateTable('admins').set({ first_name: 'Kim', last_name: 'Lee' }).where('id', '=', kim).execute();
  });

  it.each([
    { width: 1440, language: 'en' },
    { width: 390, language: 'ko' },
  ] as const)("puts Kim's change back, offered to an editor and not to a viewer ($width px, $language)", async ({ width, language }) => {
    const words = PROJECT_WORDS[language];
    const original = (await stored()).description;
    const kimsWords = `Kim's plan at ${width}`;

    // Kim rewrites the description, by keyboard.
    const kim = await signedInPage(e2e, KIM_EMAIL, KIM_PASSWORD, width, language);
    await kim.page.goto(`/project/modify/${projectId}`);
    await expect.poll(() => kim.page.locator('input[name=name]').inputValue()).not.toBe('');
    await kim.page.locator('textarea[name=description]').focus();
    await kim.page.keyboard.press('ControlOrMeta+A');
    await kim.page.keyboard.insertText(kimsWords);
    await press(kim.page, kim.page.locator('body'), words.save);
    await expect.poll(async () => (await stored()).description).toBe(kimsWords);

    // I put it back from the project's history.
    const me = await signedInPage(e2e, ADMIN_EMAIL, ADMIN_PASSWORD, width, language);
    await me.page.goto(`/project/detail/${projectId}`);
    const history = me.page.getByRole('region', { name: words.history });
    await press(me.page, history, words.action);
    const dialog = me.page.getByRole('dialog', { name: words.title });
    await dialog.getByText(words.goesBack).waitFor();
    await dialog.getByText(`${words.description} '${kimsWords}' → `).waitFor();
    expect(await me.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(me.page)).toEqual([]);
    await me.page.screenshot({ path: `/tmp/activity-revert-project-${width}-${language}.png` });
    await press(me.page, dialog, words.confirm);
    await me.page.getByText(words.done).waitFor();
    await expect.poll(async () => (await stored()).description).toBe(original);
    await history.getByText(words.reverted).first().waitFor();
    expect(await seriousAxeViolations(me.page)).toEqual([]);

    const viewer = await signedInPage(e2e, VIEWER_EMAIL, VIEWER_PASSWORD, width, language);
    await viewer.page.goto(`/project/detail/${projectId}`);
    const seen = viewer.page.getByRole('region', { name: words.history });
    await seen.getByText(words.reverted).first().waitFor();
    await expectAbsent(seen, viewer.page.getByRole('button', { name: words.action }), 'a viewer may not revert');
    // A project's page asks for a dashboard this server has no Tableau for (503). Nothing else went wrong.
    for (const { problems } of [kim, me, viewer]) expect(problems.filter((problem) => !/status of 503\b/.test(problem))).toEqual([]);
    for (const { context } of [kim, me, viewer]) await context.close();
  });

  it("puts a share's privilege back from the project's history, offered to an owner and not to an editor", async () => {
    const viewer = await e2e.db.selectFrom('admins').select('id').where('email', '=', VIEWER_EMAIL).executeTakeFirstOrThrow();
    const share = await e2e.db.selectFrom('project_shares').select('id').where('project_id', '=', projectId).where('admin_id', '=', viewer.id).executeTakeFirstOrThrow();
    const privilege = async () => (await e2e.db.selectFrom('project_shares').select('privilege').where('id', '=', share.id).executeTakeFirstOrThrow()).privilege;
    const api = await adminApi(e2e);
    expect((await api('PUT', `/api/project-shares/${share.id}`, { privilege: 'EDITOR' })).result).toBe('SUCCESS');

    // The person now has the EDITOR share: the project's change is theirs to revert, the share's is not.
    const editor = await signedInPage(e2e, VIEWER_EMAIL, VIEWER_PASSWORD, 1440, 'en');
    await editor.page.goto(`/project/detail/${projectId}`);
    const seen = editor.page.getByRole('region', { name: 'History of this record' });
    const changed = seen
      .getByRole('listitem')
      .filter({ hasText: /Mina Park made .+'s access to .+ Editor/ })
      .first();
    await changed.waitFor();
    await expectAbsent(changed, editor.page.getByRole('button', { name: 'Revert this change' }), 'only an owner reverts a share change');
    await editor.context.close();

    const me = await signedInPage(e2e, ADMIN_EMAIL, ADMIN_PASSWORD, 1440, 'en');
    await me.page.goto(`/project/detail/${projectId}`);
    const history = me.page.getByRole('region', { name: 'History of this record' });
    await press(
      me.page,
      history
        .getByRole('listitem')
        .filter({ hasText: /Mina Park made .+'s access to .+ Editor/ })
        .first(),
      'Revert this change',
    );
    const dialog = me.page.getByRole('dialog', { name: 'Revert this change?' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(me.page)).toEqual([]);
    await press(me.page, dialog, 'Revert');
    await me.page.getByText('The change by Mina Park has been reverted.').waitFor();
    await expect.poll(privilege).toBe('VIEWER');
    await history
      .getByText(/^Mina Park made .+'s access to .+ Viewer again, reverting Mina Park's change no\. \d+$/)
      .first()
      .waitFor();
    expect(me.problems.filter((problem) => !/status of 503\b/.test(problem))).toEqual([]);
    await me.context.close();
  });
});
