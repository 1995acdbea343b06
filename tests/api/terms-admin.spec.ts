import { describe, expect, it } from 'vitest';
import { TERM_CONTENT_MAX_LENGTH } from '../../src/shared';
import { updateScheduledVersion } from '../../server/modules/terms/commands';
import { dbSnapshot, type RankAccounts, type TestApp, withRankAccounts } from './harness';

const TERM_TABLES = ['terms', 'term_versions', 'term_agreements'] as const;
const PASSWORD = 'Passw0rd!';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const inMinutes = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();
const createTerm = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/terms', { token, body });
const newTerm = (overrides: Record<string, unknown> = {}) =>
  createTerm({ title: 'Data Processing Agreement', type: 'REQUIRED', activeFlag: 'Y', termsVersion: '1.0', effectiveAt: inMinutes(0), content: '<p>First text</p>', ...overrides });
const publish = (termId: number, body: Record<string, unknown>, token = admin) => t.call('POST', `/api/terms/${termId}/versions`, { token, body });
const editVersion = (termId: number, detailId: number, body: Record<string, unknown>, token = admin) => t.call('PUT', `/api/terms/${termId}/versions/${detailId}`, { token, body });
const listQuery = (path: string, params: Record<string, unknown>) =>
  t.call('GET', `${path}?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))}`, { token: admin });

/** Password and code steps for an account; answers the code step's reply. */
async function codeStep(email: string) {
  const first = await t.call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
  expect(first.body.result).toBe('OTP_REQUIRED');
  return t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: first.body.data.challengeToken, code: await t.lastCode(email) } });
}

/** A fresh token for the system-admin account, agreeing to whatever the sign-in asks for. */
async function freshAdminToken(): Promise<string> {
  const reply = await codeStep(accounts['system-admin'].email);
  if (reply.body.result === 'SUCCESS') return reply.body.data.accessToken;
  const ids = reply.body.data.terms.map((term: { termVersionId: number }) => term.termVersionId);
  return (await t.call('POST', '/api/auth/admin/agreement', { body: { verificationToken: reply.body.data.verificationToken, agreedTermVersionIds: ids } })).body.data.accessToken;
}

describe('terms administration', () => {
  it('creates a term with its first version, in effect at once, with its content sanitised', async () => {
    const created = await newTerm({ content: '<p onclick="steal()">Hello <b>you</b><script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>' });
    expect(created.status).toBe(200);
    expect(created.body.resultMessage).toBe('The term has been created.');
    const term = created.body.data;
    expect(term).toMatchObject({ title: 'Data Processing Agreement', type: 'REQUIRED', activeFlag: 'Y', versionInEffect: '1.0', versionCount: 1, agreementCount: 0 });
    expect(term.versions).toHaveLength(1);
    expect(term.versions[0]).toMatchObject({ termsVersion: '1.0', status: 'IN_EFFECT', detailId: term.versions[0].id });
    expect(term.versions[0].content).toBe('<p>Hello <b>you</b> <a target="_blank" rel="noopener noreferrer nofollow">x</a></p>');
    const stored = await t.db.selectFrom('term_versions').select('content').where('term_id', '=', term.id).executeTakeFirstOrThrow();
    expect(stored.content).not.toMatch(/script|onclick|javascript/);
    expect((await t.call('GET', `/api/terms/${term.id}`, { token: admin })).body.data).toEqual(term);
  });

  it('refuses bad input with a field-level message and saves nothing', async () => {
    const { body } = await newTerm({ title: 'Validation target' });
    const termId = body.data.id;
    const detailId = body.data.versions[0].id;
    const before = await dbSnapshot(t, TERM_TABLES);
    const refusals: [Promise<Awaited<ReturnType<typeof createTerm>>>, number, string][] = [
      [newTerm({ effectiveAt: inMinutes(-5) }), 400, 'effectiveAt'],
      [newTerm({ effectiveAt: 'tomorrow' }), 400, 'effectiveAt'],
      [newTerm({ type: 'OPTIONAL' }), 400, 'type'],
      [newTerm({ title: '   ' }), 400, 'title'],
      [newTerm({ termsVersion: '' }), 400, 'termsVersion'],
      [newTerm({ termsVersion: 'v 1; drop table terms' }), 400, 'termsVersion'],
      [newTerm({ content: 'x'.repeat(TERM_CONTENT_MAX_LENGTH + 1) }), 400, 'content'],
      [newTerm({ content: '<script>alert(1)</script><style>p{}</style>' }), 400, 'content'],
      [newTerm({ extra: 1 }), 400, ''],
      [publish(termId, { termsVersion: '2.0', effectiveAt: inMinutes(-2), content: 'Later' }), 400, 'effectiveAt'],
      [publish(termId, { termsVersion: '1.0', effectiveAt: inMinutes(10), content: 'Again' }), 409, 'termsVersion'],
      [publish(termId, { termsVersion: '2.0', effectiveAt: inMinutes(10), content: '<p></p>' }), 400, 'content'],
      [editVersion(termId, detailId, { termsVersion: '1.0', effectiveAt: inMinutes(10), content: 'Rewritten' }), 400, 'termsVersion'],
      [t.call('PUT', `/api/terms/${termId}`, { token: admin, body: { title: '', type: 'REQUIRED', activeFlag: 'Y' } }), 400, 'title'],
      [t.call('PUT', `/api/terms/${termId}`, { token: admin, body: { title: 'T', type: 'REQUIRED', activeFlag: 'maybe' } }), 400, 'activeFlag'],
    ];
    for (const [reply, status, field] of refusals) {
      const { status: actual, body: answer } = await reply;
      expect(actual, JSON.stringify(answer)).toBe(status);
      if (field) expect(answer.data.errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    const past = await newTerm({ effectiveAt: inMinutes(-5) });
    expect(past.body.data.errors).toEqual([{ field: 'effectiveAt', message: 'effectiveAtPast' }]);
    const duplicate = await publish(termId, { termsVersion: '1.0', effectiveAt: inMinutes(10), content: 'Again' });
    expect(duplicate.body.data.errors).toEqual([{ field: 'termsVersion', message: 'Version 1.0 already exists for this term.' }]);
    expect((await t.call('GET', '/api/terms/99999', { token: admin })).status).toBe(404);
    expect((await editVersion(termId, 99999, { termsVersion: '9', effectiveAt: inMinutes(10), content: 'x' })).status).toBe(404);
    expect(await dbSnapshot(t, TERM_TABLES)).toEqual(before);
  });

  it('accepts "now" within a minute of tolerance and balances unbalanced HTML', async () => {
    const { body } = await newTerm({ title: 'Tolerance', effectiveAt: inMinutes(-0.5), content: '<p>Open <b>bold <i>italic' });
    expect(body.result).toBe('SUCCESS');
    expect(body.data.versions[0].content).toBe('<p>Open <b>bold <i>italic</i></b></p>');
  });

  it('pages, sorts, filters and searches the list on the server, showing the version in effect', async () => {
    for (let i = 0; i < 12; i++) {
      await newTerm({ title: `Paged term ${String(i).padStart(2, '0')}`, type: i % 2 ? 'POST' : 'REQUIRED', activeFlag: i % 3 === 0 ? 'N' : 'Y' });
    }
    const first = await listQuery('/api/terms', { sort: ['title', 'DESC'], range: [0, 4], filter: { q: 'paged' } });
    expect(first.body.data).toMatchObject({ totalCount: 12, totalPage: 3, currentPage: 1 });
    expect(first.body.data.list.map((row: { title: string }) => row.title)).toEqual(['Paged term 11', 'Paged term 10', 'Paged term 09', 'Paged term 08', 'Paged term 07']);
    expect(first.body.data.list[0]).toMatchObject({ type: 'POST', activeFlag: 'Y', versionInEffect: '1.0', versionCount: 1 });
    expect(first.body.data.list[0].effectiveAt).toMatch(/Z$/);
    expect((await listQuery('/api/terms', { filter: { q: 'paged', type: 'POST' } })).body.data.totalCount).toBe(6);
    expect((await listQuery('/api/terms', { filter: { q: 'paged', activeFlag: 'N' } })).body.data.totalCount).toBe(4);
    expect((await listQuery('/api/terms', { filter: { title: 'term 1' } })).body.data.totalCount).toBe(2);
    expect((await listQuery('/api/terms', { filter: { q: '%' } })).body.data.totalCount).toBe(0);
    for (const sort of ['effectiveAt', 'versionCount', 'updatedAt', 'type', 'activeFlag']) {
      expect((await listQuery('/api/terms', { sort: [sort, 'DESC'], range: [0, 4] })).status, sort).toBe(200);
    }
    for (const search of ['sort=["content","ASC"]', 'filter={"content":"x"}', 'range=[3,1]']) {
      expect((await t.call('GET', `/api/terms?${search}`, { token: admin })).status, search).toBe(400);
    }
  });

  it('makes a REQUIRED version published now ask for agreement at the next sign-in, and shows who agreed', async () => {
    const user = accounts.user;
    const { body } = await newTerm({ title: 'Cookie Policy', content: 'Cookies 1.0' });
    const termId = body.data.id;
    const firstId = body.data.versions[0].id;
    const first = await codeStep(user.email);
    expect(first.body.result).toBe('TERMS_UPDATED');
    const askedIds = first.body.data.terms.map((term: { termVersionId: number }) => term.termVersionId);
    expect(askedIds).toContain(firstId);
    await t.call('POST', '/api/auth/admin/agreement', { body: { verificationToken: first.body.data.verificationToken, agreedTermVersionIds: askedIds } });
    expect((await codeStep(user.email)).body.result).toBe('SUCCESS');

    const published = await publish(termId, { termsVersion: '1.1', effectiveAt: inMinutes(0), content: '<p>Cookies 1.1</p>' });
    expect(published.body).toMatchObject({ result: 'SUCCESS', resultMessage: 'Version 1.1 has been published.', data: { termsVersion: '1.1', status: 'IN_EFFECT' } });
    const asked = await codeStep(user.email);
    expect(asked.body.result).toBe('TERMS_UPDATED');
    expect(asked.body.data.terms).toEqual([expect.objectContaining({ termId, termVersionId: published.body.data.id, version: '1.1', content: '<p>Cookies 1.1</p>' })]);
    const agreed = await t.call('POST', '/api/auth/admin/agreement', { body: { verificationToken: asked.body.data.verificationToken, agreedTermVersionIds: [published.body.data.id] } });
    expect(agreed.body.result).toBe('SUCCESS');

    const agreements = await listQuery(`/api/terms/${termId}/agreements`, { sort: ['agreedAt', 'DESC'], range: [0, 9] });
    expect(agreements.body.data.totalCount).toBe(2);
    expect(agreements.body.data.list.map((row: { email: string; termsVersion: string }) => [row.email, row.termsVersion])).toEqual([
      [user.email, '1.1'],
      [user.email, '1.0'],
    ]);
    expect(agreements.body.data.list[0]).toMatchObject({ adminId: user.id, name: 'user Tester', detailId: published.body.data.id });
    const onlyNew = await listQuery(`/api/terms/${termId}/agreements`, { filter: { detailId: firstId, q: 'user@' } });
    expect(onlyNew.body.data.list.map((row: { termsVersion: string }) => row.termsVersion)).toEqual(['1.0']);
    expect((await listQuery(`/api/terms/${termId}/agreements`, { sort: ['password_hash', 'ASC'] })).status).toBe(400);
    const term = (await t.call('GET', `/api/terms/${termId}`, { token: admin })).body.data;
    expect(term.agreementCount).toBe(2);
    expect(term.versions.map((version: { termsVersion: string; status: string }) => [version.termsVersion, version.status])).toEqual([
      ['1.1', 'IN_EFFECT'],
      ['1.0', 'SUPERSEDED'],
    ]);
  });

  it('offers a deactivated term neither at sign-up nor at sign-in, and again once reactivated', async () => {
    const { body } = await newTerm({ title: 'Retired Policy' });
    const offeredTitles = async () => (await t.call('GET', '/api/auth/terms')).body.data.map((term: { title: string }) => term.title);
    expect(await offeredTitles()).toContain('Retired Policy');
    const saved = await t.call('PUT', `/api/terms/${body.data.id}`, { token: admin, body: { title: 'Retired Policy', type: 'REQUIRED', activeFlag: 'N' } });
    expect(saved.body.data.activeFlag).toBe('N');
    expect(await offeredTitles()).not.toContain('Retired Policy');
    const signIn = await codeStep(accounts['local-admin'].email);
    if (signIn.body.result === 'TERMS_UPDATED') expect(signIn.body.data.terms.map((term: { title: string }) => term.title)).not.toContain('Retired Policy');
    await t.call('PUT', `/api/terms/${body.data.id}`, { token: admin, body: { title: 'Retired Policy', type: 'REQUIRED', activeFlag: 'Y' } });
    expect(await offeredTitles()).toContain('Retired Policy');
  });

  it('publishes an edit of an in-effect version as a new version and leaves the old one untouched', async () => {
    const { body } = await newTerm({ title: 'Edited Policy', content: 'Original words' });
    const termId = body.data.id;
    const old = body.data.versions[0];
    const oldRow = await t.db.selectFrom('term_versions').selectAll().where('id', '=', old.id).executeTakeFirstOrThrow();
    const edited = await editVersion(termId, old.id, { termsVersion: '1.1', effectiveAt: inMinutes(0), content: 'Better words' });
    expect(edited.status).toBe(200);
    expect(edited.body.resultMessage).toBe('Version 1.0 has already taken effect, so it was kept unchanged; your changes were published as version 1.1.');
    expect(edited.body.data).toMatchObject({ termsVersion: '1.1', content: 'Better words', status: 'IN_EFFECT', replacesDetailId: old.id });
    expect(edited.body.data.id).not.toBe(old.id);
    expect(await t.db.selectFrom('term_versions').selectAll().where('id', '=', old.id).executeTakeFirstOrThrow()).toEqual(oldRow);
    const versions = (await t.call('GET', `/api/terms/${termId}`, { token: admin })).body.data.versions;
    expect(versions.map((version: { termsVersion: string; status: string }) => [version.termsVersion, version.status])).toEqual([
      ['1.1', 'IN_EFFECT'],
      ['1.0', 'SUPERSEDED'],
    ]);
  });

  it('edits a scheduled version in place', async () => {
    const { body } = await newTerm({ title: 'Scheduled Policy' });
    const scheduled = await publish(body.data.id, { termsVersion: '2.0', effectiveAt: inMinutes(120), content: 'Draft' });
    expect(scheduled.body.data.status).toBe('SCHEDULED');
    const later = inMinutes(180);
    const edited = await editVersion(body.data.id, scheduled.body.data.id, { termsVersion: '2.0-rc', effectiveAt: later, content: '<p>Final</p>' });
    expect(edited.body).toMatchObject({ result: 'SUCCESS', data: { id: scheduled.body.data.id, termsVersion: '2.0-rc', content: '<p>Final</p>', status: 'SCHEDULED' } });
    expect(edited.body.data.replacesDetailId).toBeUndefined();
    expect((await t.call('GET', `/api/terms/${body.data.id}/versions/${scheduled.body.data.id}`, { token: admin })).body.data.effectiveAt).toBe(later);
    expect(await t.db.selectFrom('term_versions').select('id').where('term_id', '=', body.data.id).execute()).toHaveLength(2);
    const clash = await editVersion(body.data.id, scheduled.body.data.id, { termsVersion: '1.0', effectiveAt: inMinutes(180), content: 'x' });
    expect(clash.status).toBe(409);
    // Had it taken effect between the read and the write, the write changes nothing.
    const before = await dbSnapshot(t, TERM_TABLES);
    expect(await updateScheduledVersion(t.db, body.data.id, scheduled.body.data.id, { termsVersion: '2.1', effectiveAt: inMinutes(300), content: 'Late' }, inMinutes(200))).toBe(false);
    expect(await dbSnapshot(t, TERM_TABLES)).toEqual(before);
  });

  it('deletes a term nobody agreed to, and refuses (409) one with agreements, telling to deactivate it', async () => {
    const { body } = await newTerm({ title: 'Never agreed' });
    const deleted = await t.call('DELETE', `/api/terms/${body.data.id}`, { token: admin });
    expect(deleted.body).toMatchObject({ result: 'SUCCESS', data: { title: 'Never agreed' } });
    expect(await t.db.selectFrom('term_versions').select('id').where('term_id', '=', body.data.id).execute()).toEqual([]);
    expect((await t.call('GET', `/api/terms/${body.data.id}`, { token: admin })).status).toBe(404);

    const agreedTerm = await t.db.selectFrom('terms').select('id').where('title', '=', 'Terms of Service').executeTakeFirstOrThrow();
    const before = await dbSnapshot(t, TERM_TABLES);
    const refused = await t.call('DELETE', `/api/terms/${agreedTerm.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.result).toBe('CONFLICT');
    expect(refused.body.resultMessage).toBe('Terms of Service has been agreed to, so it cannot be deleted; deactivate it instead.');
    expect(await dbSnapshot(t, TERM_TABLES)).toEqual(before);
  });

  it('refuses ranks 2–5 with 403 and anonymous callers with 401, changing nothing', async () => {
    const termId = (await t.db.selectFrom('terms').select('id').executeTakeFirstOrThrow()).id;
    const detailId = (await t.db.selectFrom('term_versions').select('id').where('term_id', '=', termId).executeTakeFirstOrThrow()).id;
    const before = await dbSnapshot(t, TERM_TABLES);
    const version = { termsVersion: '9.9', effectiveAt: inMinutes(5), content: 'Sneaky' };
    const calls = (token?: string) => [
      t.call('GET', '/api/terms', { token }),
      t.call('GET', `/api/terms/${termId}`, { token }),
      t.call('GET', `/api/terms/${termId}/agreements`, { token }),
      t.call('GET', `/api/terms/${termId}/versions/${detailId}`, { token }),
      t.call('POST', '/api/terms', { token, body: { title: 'Sneaky', type: 'POST', activeFlag: 'Y', ...version } }),
      t.call('POST', '/api/terms', { token, body: { title: '' } }),
      t.call('PUT', `/api/terms/${termId}`, { token, body: { title: 'Sneaky', type: 'POST', activeFlag: 'N' } }),
      t.call('DELETE', `/api/terms/${termId}`, { token }),
      t.call('POST', `/api/terms/${termId}/versions`, { token, body: version }),
      t.call('PUT', `/api/terms/${termId}/versions/${detailId}`, { token, body: version }),
    ];
    for (const authority of ['global-admin', 'region-admin', 'local-admin', 'user'] as const) {
      for (const reply of await Promise.all(calls(accounts[authority].token))) {
        expect(reply.status, authority).toBe(403);
        expect(reply.body.result).toBe('FORBIDDEN');
      }
    }
    for (const reply of await Promise.all(calls())) expect(reply.status).toBe(401);
    expect(await dbSnapshot(t, TERM_TABLES)).toEqual(before);
  });
});

// Moves the clock: kept last, with fresh tokens, so the earlier tests' tokens stay valid.
describe('a version scheduled in the future', () => {
  it('asks for nothing until its time, then triggers TERMS_UPDATED and becomes the version in effect', async () => {
    const { body } = await newTerm({ title: 'Future Policy' });
    const termId = body.data.id;
    const user = accounts['global-admin'];
    const first = await codeStep(user.email);
    expect(first.body.result).toBe('TERMS_UPDATED');
    await t.call('POST', '/api/auth/admin/agreement', {
      body: { verificationToken: first.body.data.verificationToken, agreedTermVersionIds: first.body.data.terms.map((term: { termVersionId: number }) => term.termVersionId) },
    });

    const scheduled = await publish(termId, { termsVersion: '2.0', effectiveAt: inMinutes(60), content: 'From next hour' });
    expect(scheduled.body.data.status).toBe('SCHEDULED');
    expect((await codeStep(user.email)).body.result).toBe('SUCCESS');
    expect((await t.call('GET', '/api/auth/terms')).body.data.find((term: { termId: number }) => term.termId === termId).version).toBe('1.0');

    t.clock.advance(61 * 60_000);
    const asked = await codeStep(user.email);
    expect(asked.body.result).toBe('TERMS_UPDATED');
    expect(asked.body.data.terms.map((term: { termVersionId: number }) => term.termVersionId)).toEqual([scheduled.body.data.id]);
    const token = await freshAdminToken();
    const term = (await t.call('GET', `/api/terms/${termId}`, { token })).body.data;
    expect(term).toMatchObject({ versionInEffect: '2.0', effectiveAt: scheduled.body.data.effectiveAt });
    expect(term.versions.map((version: { status: string }) => version.status)).toEqual(['IN_EFFECT', 'SUPERSEDED']);
  });
});
