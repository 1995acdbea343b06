import { describe, expect, it } from 'vitest';
import { insertAccount, type RankAccounts, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const now = () => t.clock.now().toISOString();
const reacceptance = (termId: number, token = admin) => t.call('GET', `/api/terms/${termId}/reacceptance`, { token });
const newTerm = (type: 'REQUIRED' | 'POST', activeFlag = 'Y') =>
  t.call('POST', '/api/terms', { token: admin, body: { title: `${type} term ${activeFlag}`, type, activeFlag, termsVersion: '1.0', effectiveAt: now(), content: '<p>Text</p>' } });
/** Active, approved accounts: who a new required version is put before at their next sign-in. */
const signingIn = async () => (await t.db.selectFrom('admins').select('id').where('status_code', '=', 'ACTIVE').where('approval_status_code', '=', 'APPROVED').execute()).length;

describe('publishing a required terms version', () => {
  it('tells, before publishing, how many people must accept it again: active approved accounts, counted by the server', async () => {
    const term = (await newTerm('REQUIRED')).body.data;
    const first = await reacceptance(term.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ required: true, people: await signingIn() });
    expect(first.body.data.people).toBeGreaterThanOrEqual(Object.keys(accounts).length);
    expect(first.body.resultMessage).toBe(`Publishing a new version asks ${first.body.data.people} people to accept it at their next sign-in.`);

    // One more active account counts; pending and inactive ones do not.
    await insertAccount(t, { email: 'counted@example.com' });
    await insertAccount(t, { email: 'pending@example.com', approval_status_code: 'PENDING' });
    await insertAccount(t, { email: 'inactive@example.com', status_code: 'INACTIVE' });
    expect((await reacceptance(term.id)).body.data).toEqual({ required: true, people: first.body.data.people + 1 });
  });

  it('asks nobody for an optional or inactive term', async () => {
    for (const reply of [await newTerm('POST'), await newTerm('REQUIRED', 'N')]) {
      expect((await reacceptance(reply.body.data.id)).body.data).toEqual({ required: false, people: 0 });
    }
  });

  it('is System Setting only, and answers NOT_FOUND for an unknown term', async () => {
    const term = (await newTerm('REQUIRED')).body.data;
    expect((await reacceptance(term.id, accounts['global-admin'].token)).status).toBe(403);
    expect((await reacceptance(999_999)).status).toBe(404);
  });

  it('shows the new version and since when it is in effect on the re-acceptance step', async () => {
    const term = (await newTerm('REQUIRED')).body.data;
    const published = await t.call('POST', `/api/terms/${term.id}/versions`, { token: admin, body: { termsVersion: '2.0', effectiveAt: now(), content: '<p>New text</p>' } });
    expect(published.status).toBe(200);
    const first = await t.call('POST', '/api/auth/signin', { body: { email: accounts.user.email, password: 'Passw0rd!' } });
    const reply = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: first.body.data.challengeToken, code: await t.lastCode(accounts.user.email) } });
    expect(reply.body.result).toBe('TERMS_UPDATED');
    const offered = reply.body.data.terms.find((offer: { termId: number }) => offer.termId === term.id);
    expect(offered).toMatchObject({ version: '2.0', effectiveAt: published.body.data.effectiveAt });
  });
});
