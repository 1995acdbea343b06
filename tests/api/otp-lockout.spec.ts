import { describe, expect, it } from 'vitest';
import { OTP_MAX_CONSECUTIVE_FAILURES, OTP_MAX_WRONG_TRIES } from '../../src/shared';
import { passwordHasher } from '../../server/auth/passwords';
import { insertAccount, signedInAccount, type TestApp, withTestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

const PASSWORD = 'Right#pw1';

async function account(email: string): Promise<number> {
  return insertAccount(t, { email, password_hash: await passwordHasher(t.config.passwordHash).hash(PASSWORD) });
}

/** Passes the password step: the challenge and its mailed code. */
async function challenge(email: string): Promise<{ challengeToken: string; code: string }> {
  const reply = await t.call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
  expect(reply.body.result).toBe('OTP_REQUIRED');
  return { challengeToken: reply.body.data.challengeToken, code: await t.lastCode(email) };
}

/** Sends `count` wrong codes over as many challenges as it takes (five tries each); the last answer. */
async function wrongCodes(email: string, count: number) {
  let last;
  for (let sent = 0; sent < count;) {
    const { challengeToken, code } = await challenge(email);
    for (let tries = 0; tries < OTP_MAX_WRONG_TRIES && sent < count; tries++, sent++) {
      last = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code: code === '000000' ? '111111' : '000000' } });
    }
  }
  return last!;
}

const lockMails = async (email: string) => {
  await t.app.ctx.mailer.idle();
  return t.mails.filter((mail) => mail.to === email && mail.type === 'account-locked');
};
const failures = async (email: string) => (await t.db.selectFrom('admins').select('otp_failures').where('email', '=', email).executeTakeFirstOrThrow()).otp_failures;

describe(`wrong codes in a row lock the account (${OTP_MAX_CONSECUTIVE_FAILURES}), like wrong passwords`, () => {
  it('counts wrong codes across codes; a right code starts the count again', async () => {
    const email = 'almost@example.com';
    await account(email);
    await wrongCodes(email, OTP_MAX_CONSECUTIVE_FAILURES - 1);
    expect(await failures(email)).toBe(OTP_MAX_CONSECUTIVE_FAILURES - 1);
    const { challengeToken, code } = await challenge(email);
    expect((await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code } })).body.result).not.toMatch(/^OTP_/);
    expect(await failures(email)).toBe(0);
    expect(await lockMails(email)).toHaveLength(0);
  });

  it('locks at the limit: the owner is mailed once, live codes die, the password step and re-sends answer as for a wrong password', async () => {
    const email = 'guessed-codes@example.com';
    await account(email);
    const last = await wrongCodes(email, OTP_MAX_CONSECUTIVE_FAILURES - 1);
    expect(last.body.result).toBe('OTP_MISMATCH');
    const { challengeToken, code } = await challenge(email);
    const locking = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code: code === '000000' ? '111111' : '000000' } });
    expect(locking.body.result).toBe('OTP_EXPIRED');
    const mails = await lockMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`locked for ${t.config.lockout.lockMinutes} minute(s)`);

    // The code this challenge still had tries for is dead, and so is the right password for now.
    expect((await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code } })).body.result).toBe('OTP_EXPIRED');
    const passwordStep = await t.call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    const unknown = await t.call('POST', '/api/auth/signin', { body: { email: 'nobody-at-all@example.com', password: PASSWORD } });
    expect(passwordStep.body).toEqual(unknown.body);
    expect((await t.call('POST', '/api/auth/signin/otp/resend', { body: { challengeToken } })).body.result).toBe('OTP_EXPIRED');
    expect(await lockMails(email)).toHaveLength(1);

    // When the lock ends, the count has not: one more wrong code locks again at once.
    t.clock.advance((t.config.lockout.lockMinutes + 1) * 60_000);
    const again = await wrongCodes(email, 1);
    expect(again.body.result).toBe('OTP_EXPIRED');
    expect(await lockMails(email)).toHaveLength(2);
    expect((await t.call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } })).body.result).toBe('INVALID_CREDENTIALS');
  });

  it('a reset by the mailed link lifts the lock and the count', async () => {
    const email = 'guessed-codes@example.com';
    await t.call('POST', '/api/auth/password/reset', { body: { email } });
    const token = (await t.lastMail(email))!.body_text.match(/\/new-password\/([\w-]+)/)![1];
    expect((await t.call('PUT', '/api/auth/password/reset', { body: { token, password: 'Fresh#pw22' } })).body.result).toBe('SUCCESS');
    expect(await failures(email)).toBe(0);
    expect((await t.call('POST', '/api/auth/signin', { body: { email, password: 'Fresh#pw22' } })).body.result).toBe('OTP_REQUIRED');
  });

  it('counts wrong profile codes (the step before a password change) too', async () => {
    const signedIn = await signedInAccount(t, 'profile-guess@example.com', 'user');
    for (let sent = 0; sent < OTP_MAX_CONSECUTIVE_FAILURES; sent += OTP_MAX_WRONG_TRIES) {
      expect((await t.call('POST', '/api/auth/admin/otp/send', { token: signedIn.token })).body.result).toBe('SUCCESS');
      const code = await t.lastCode(signedIn.email);
      for (let tries = 0; tries < OTP_MAX_WRONG_TRIES; tries++) {
        await t.call('POST', '/api/auth/admin/otp/verify', { token: signedIn.token, body: { code: code === '000000' ? '111111' : '000000' } });
      }
    }
    expect(await lockMails(signedIn.email)).toHaveLength(1);
    // Locked: no further code is taken, and the password step answers as for a wrong password.
    await t.call('POST', '/api/auth/admin/otp/send', { token: signedIn.token });
    const verify = await t.call('POST', '/api/auth/admin/otp/verify', { token: signedIn.token, body: { code: await t.lastCode(signedIn.email) } });
    expect(verify.body.result).toBe('OTP_EXPIRED');
    expect((await t.call('POST', '/api/auth/signin', { body: { email: signedIn.email, password: 'Passw0rd!' } })).body.result).toBe('INVALID_CREDENTIALS');
  });
});
