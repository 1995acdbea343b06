import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp, withTestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

async function challenge(): Promise<string> {
  const reply = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(reply.body.result).toBe('OTP_REQUIRED');
  return reply.body.data.challengeToken;
}

describe('sign-in with an e-mailed code', () => {
  it('answers OTP_REQUIRED, mails a 6-digit code, and the code yields a token pair with the session claims', async () => {
    const challengeToken = await challenge();
    const mail = await t.lastMail(ADMIN_EMAIL);
    expect(mail?.template_type).toBe('otp');
    const code = await t.lastCode(ADMIN_EMAIL);
    expect(code).toMatch(/^\d{6}$/);
    const reply = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code } });
    expect(reply.status).toBe(200);
    expect(reply.body.result).toBe('SUCCESS');
    const claims = decodeJwt(reply.body.data.accessToken);
    expect(claims).toMatchObject({ sub: ADMIN_EMAIL, role: 'system-admin', accountRank: 1, accountLevel: 'SYSTEM', approved: 'Y', isCreator: true, isUploader: true });
    expect(claims.authorities).toContain('system-admin');
    expect(typeof claims['user-id']).toBe('number');
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(reply.body.data.refreshToken).toMatch(/^[\w-]{40,}$/);
  });

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const wrong = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: 'Wrong#123' } });
    const unknown = await t.call('POST', '/api/auth/signin', { body: { email: 'nobody@example.com', password: 'Wrong#123' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.result).toBe('INVALID_CREDENTIALS');
    await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  it('refuses a 7-digit or lettered code as a validation error without spending a try', async () => {
    const challengeToken = await challenge();
    for (const code of ['1234567', 'abcdef', '12345']) {
      const reply = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code } });
      expect(reply.status).toBe(400);
      expect(reply.body.result).toBe('VALIDATION_ERROR');
      expect(reply.body.data.errors[0].field).toBe('code');
    }
    const right = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code: await t.lastCode(ADMIN_EMAIL) } });
    expect(right.body.result).toBe('SUCCESS');
  });

  it('kills the code after five wrong tries: the sixth try fails even with the right code', async () => {
    const challengeToken = await challenge();
    const code = await t.lastCode(ADMIN_EMAIL);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const reply = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code: wrongCode } });
      expect(reply.status).toBe(400);
      if (attempt < 5) {
        expect(reply.body.result).toBe('OTP_MISMATCH');
        expect(reply.body.data.remainingAttempts).toBe(5 - attempt);
      } else {
        expect(reply.body.result).toBe('OTP_EXPIRED');
      }
    }
    const sixth = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code } });
    expect(sixth.body.result).toBe('OTP_EXPIRED');
  });

  it('refuses an expired code and a code used twice', async () => {
    const expiring = await challenge();
    const expiringCode = await t.lastCode(ADMIN_EMAIL);
    t.clock.advance(5 * 60_000 + 1000);
    const late = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: expiring, code: expiringCode } });
    expect(late.body.result).toBe('OTP_EXPIRED');

    const challengeToken = await challenge();
    const code = await t.lastCode(ADMIN_EMAIL);
    expect((await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code } })).body.result).toBe('SUCCESS');
    expect((await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code } })).body.result).toBe('OTP_EXPIRED');
  });

  it('re-sends a new code on request and the old code stops working', async () => {
    const first = await challenge();
    const oldCode = await t.lastCode(ADMIN_EMAIL);
    const resent = await t.call('POST', '/api/auth/signin/otp/resend', { body: { challengeToken: first } });
    expect(resent.body.result).toBe('OTP_REQUIRED');
    const newCode = await t.lastCode(ADMIN_EMAIL);
    expect((await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: first, code: oldCode } })).body.result).toBe('OTP_EXPIRED');
    const ok = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: resent.body.data.challengeToken, code: newCode } });
    expect(ok.body.result).toBe('SUCCESS');
  });

  it('locks the account after five failed passwords, telling its owner by mail once and the caller nothing; a successful sign-in after the lock resets the count', async () => {
    const wrong = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      wrong.push(await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: 'Wrong#123' } }));
    }
    const counted = await t.db.selectFrom('admins').select(['sign_in_attempt', 'locked_until']).where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    expect(counted.sign_in_attempt).toBe(5);
    // Even the right password answers what a wrong one (or an unknown e-mail) answers.
    const locked = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const lockedAgain = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: 'Wrong#123' } });
    const unknown = await t.call('POST', '/api/auth/signin', { body: { email: 'nobody@example.com', password: ADMIN_PASSWORD } });
    for (const reply of [locked, lockedAgain, unknown]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(wrong[0].body);
    }
    expect(wrong[0].body).toMatchObject({ result: 'INVALID_CREDENTIALS', resultMessage: 'The e-mail or password is not correct.' });
    await t.app.ctx.mailer.idle();
    const lockMails = t.mails.filter((mail) => mail.to === ADMIN_EMAIL && mail.type === 'account-locked');
    expect(lockMails).toHaveLength(1);
    expect(lockMails[0].text).toContain('locked for 15 minute(s)');
    expect(lockMails[0].text).toContain('http://console.test/new-password');
    t.clock.advance(16 * 60_000);
    await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const reset = await t.db.selectFrom('admins').select(['sign_in_attempt', 'locked_until']).where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    expect(reset).toEqual({ sign_in_attempt: 0, locked_until: null });
  });

  it('records sign-ins in the access history', async () => {
    const rows = await t.db.selectFrom('access_history').select(['event_type', 'success_flag', 'email']).where('email', '=', ADMIN_EMAIL).execute();
    expect(rows.some((row) => row.success_flag === 'Y' && row.event_type === 'SIGN_IN')).toBe(true);
    expect(rows.some((row) => row.success_flag === 'N')).toBe(true);
  });
});
