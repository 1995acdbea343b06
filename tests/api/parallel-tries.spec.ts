import { describe, expect, it } from 'vitest';
import { OTP_MAX_WRONG_TRIES } from '../../src/shared';
import { passwordHasher } from '../../server/auth/passwords';
import { insertAccount, otpToken, signedInAccount, type Reply, type TestApp, withTestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

const PARALLEL = 12;

/** Counts the real hasher's password checks while `run` goes (the check is what a try limit must ration). */
async function countingChecks<T>(run: () => Promise<T>): Promise<{ result: T; checks: number }> {
  const hasher = t.app.ctx.passwords;
  const real = hasher.verify;
  let checks = 0;
  hasher.verify = (hash, password) => {
    checks++;
    return real(hash, password);
  };
  try {
    return { result: await run(), checks };
  } finally {
    hasher.verify = real;
  }
}

const parallel = (send: (index: number) => Promise<Reply>) => Promise.all(Array.from({ length: PARALLEL }, (_, index) => send(index)));
const results = (replies: Reply[]) => replies.map((reply) => reply.body.result);
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe(`${PARALLEL} parallel wrong guesses get no more tries than one after another`, () => {
  it('the current password with one X-OTP-Token: five are checked, the rest find the token spent', async () => {
    const account = await signedInAccount(t, 'changer-parallel@example.com', 'user');
    const otp = await otpToken(t, account.token, account.email);
    const { result: replies, checks } = await countingChecks(() =>
      parallel((index) =>
        t.call('PUT', '/api/auth/admin/password-change', { token: account.token, headers: { 'X-OTP-Token': otp }, body: { password: `Wrong#pw${index}`, changePassword: 'Next#pw22' } }),
      ),
    );
    const wrongPassword = replies.filter((reply) => reply.body.result === 'VALIDATION_ERROR' && reply.body.data.errors[0].field === 'password');
    expect(wrongPassword).toHaveLength(OTP_MAX_WRONG_TRIES);
    expect(replies.filter((reply) => reply.status === 403 && reply.body.result === 'FORBIDDEN')).toHaveLength(PARALLEL - OTP_MAX_WRONG_TRIES);
    expect(checks).toBe(OTP_MAX_WRONG_TRIES);
    // The token is spent: even the right password does not change it now.
    const right = await t.call('PUT', '/api/auth/admin/password-change', { token: account.token, headers: { 'X-OTP-Token': otp }, body: { password: 'Passw0rd!', changePassword: 'Next#pw22' } });
    expect(right.body.result).toBe('FORBIDDEN');
  });

  it('the sign-in password: the account locks after five, only five are checked, and its owner gets one mail', async () => {
    const email = 'guessed-parallel@example.com';
    await insertAccount(t, { email, password_hash: await passwordHasher(t.config.passwordHash).hash('Right#pw1') });
    const { result: replies, checks } = await countingChecks(() => parallel((index) => t.call('POST', '/api/auth/signin', { body: { email, password: `Wrong#pw${index}` } })));
    expect(results(replies)).toEqual(Array(PARALLEL).fill('INVALID_CREDENTIALS'));
    expect(checks).toBe(t.config.lockout.maxFailures);
    const row = await t.db.selectFrom('admins').select(['sign_in_attempt', 'locked_until']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.sign_in_attempt).toBe(t.config.lockout.maxFailures);
    expect(row.locked_until! > t.clock.now().toISOString()).toBe(true);
    await t.app.ctx.mailer.idle();
    expect(t.mails.filter((mail) => mail.to === email && mail.type === 'account-locked')).toHaveLength(1);
    expect((await t.call('POST', '/api/auth/signin', { body: { email, password: 'Right#pw1' } })).body.result).toBe('INVALID_CREDENTIALS');
  });

  it('a sign-in code: five tries are counted, the rest find the code dead, and the right code is then refused', async () => {
    const email = 'code-parallel@example.com';
    await insertAccount(t, { email, password_hash: await passwordHasher(t.config.passwordHash).hash('Right#pw1') });
    const started = await t.call('POST', '/api/auth/signin', { body: { email, password: 'Right#pw1' } });
    const { challengeToken } = started.body.data;
    const code = await t.lastCode(email);
    const replies = await parallel(() => t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code: wrongCodeFor(code) } }));
    expect(results(replies).filter((result) => result === 'OTP_MISMATCH')).toHaveLength(OTP_MAX_WRONG_TRIES - 1);
    expect(results(replies).filter((result) => result === 'OTP_EXPIRED')).toHaveLength(PARALLEL - OTP_MAX_WRONG_TRIES + 1);
    const challenge = await t.db.selectFrom('otp_challenges').select('attempts').where('email', '=', email).executeTakeFirstOrThrow();
    expect(challenge.attempts).toBe(OTP_MAX_WRONG_TRIES);
    expect((await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code } })).body.result).toBe('OTP_EXPIRED');
  });

  it('a sign-up code: five tries are counted', async () => {
    const email = 'newcomer-parallel@example.com';
    expect((await t.call('POST', '/api/auth/otp', { body: { email } })).body.result).toBe('SUCCESS');
    const code = await t.lastCode(email);
    const replies = await parallel(() => t.call('POST', '/api/auth/otp/verification', { body: { email, code: wrongCodeFor(code) } }));
    expect(results(replies).filter((result) => result === 'OTP_MISMATCH')).toHaveLength(OTP_MAX_WRONG_TRIES - 1);
    expect((await t.call('POST', '/api/auth/otp/verification', { body: { email, code } })).body.result).toBe('OTP_EXPIRED');
  });

  it('a profile code (the step before an X-OTP-Token): five tries are counted', async () => {
    const account = await signedInAccount(t, 'profile-parallel@example.com', 'user');
    expect((await t.call('POST', '/api/auth/admin/otp/send', { token: account.token })).body.result).toBe('SUCCESS');
    const code = await t.lastCode(account.email);
    const replies = await parallel(() => t.call('POST', '/api/auth/admin/otp/verify', { token: account.token, body: { code: wrongCodeFor(code) } }));
    expect(results(replies).filter((result) => result === 'OTP_MISMATCH')).toHaveLength(OTP_MAX_WRONG_TRIES - 1);
    expect((await t.call('POST', '/api/auth/admin/otp/verify', { token: account.token, body: { code } })).body.result).toBe('OTP_EXPIRED');
  });

  it('a reset link: one of the parallel uses sets a password', async () => {
    const email = 'reset-parallel@example.com';
    await insertAccount(t, { email, password_hash: await passwordHasher(t.config.passwordHash).hash('Right#pw1') });
    await t.call('POST', '/api/auth/password/reset', { body: { email } });
    const token = (await t.lastMail(email))!.body_text.match(/\/new-password\/([\w-]+)/)![1];
    const replies = await parallel((index) => t.call('PUT', '/api/auth/password/reset', { body: { token, password: `Reset#pw${index}` } }));
    expect(results(replies).filter((result) => result === 'SUCCESS')).toHaveLength(1);
    expect(results(replies).filter((result) => result === 'VALIDATION_ERROR')).toHaveLength(PARALLEL - 1);
  });
});
