import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, type TestApp, withTestApp } from './harness';

/** Password and code steps; the answer of the code step. */
async function passwordAndCode(t: TestApp, email: string, password: string) {
  const first = await t.call('POST', '/api/auth/signin', { body: { email, password } });
  expect(first.body.result).toBe('OTP_REQUIRED');
  return t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: first.body.data.challengeToken, code: await t.lastCode(email) } });
}

const flag = async (t: TestApp, email: string) => (await t.db.selectFrom('admins').select('must_change_password').where('email', '=', email).executeTakeFirstOrThrow()).must_change_password;

describe('the first system-admin with the generated password printed in the log', () => {
  let t: TestApp;
  withTestApp((app) => (t = app), { adminPassword: undefined });

  it('signs in only as far as choosing a new password: no session, and no other proof opens one', async () => {
    expect(await flag(t, ADMIN_EMAIL)).toBe('Y');
    const step = await passwordAndCode(t, ADMIN_EMAIL, t.adminPassword);
    expect(step.status).toBe(200);
    expect(step.body.result).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(Object.keys(step.body.data)).toEqual(['verificationToken']);
    // The proof is not a terms proof, and is refused where one is expected.
    const agreement = await t.call('POST', '/api/auth/admin/agreement', { body: { verificationToken: step.body.data.verificationToken, agreedTermVersionIds: [1] } });
    expect(agreement.body.result).toBe('VALIDATION_ERROR');
    expect(await t.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });

  it('refuses the given password again and a weak one, then sets the new one: a session, the old password dead, the proof spent', async () => {
    const { verificationToken } = (await passwordAndCode(t, ADMIN_EMAIL, t.adminPassword)).body.data;
    const set = (password: string) => t.call('POST', '/api/auth/admin/initial-password', { body: { verificationToken, password } });
    const same = await set(t.adminPassword);
    expect(same.body.result).toBe('VALIDATION_ERROR');
    expect(same.body.data.errors).toEqual([{ field: 'password', message: 'passwordUnchanged' }]);
    expect((await set('weakpass')).body.data.errors).toEqual([{ field: 'password', message: 'passwordInvalid' }]);
    expect(await flag(t, ADMIN_EMAIL)).toBe('Y');

    const chosen = await set('Own#pass12');
    expect(chosen.body.result).toBe('SUCCESS');
    // Like every password change, the first one is told to the owner by mail.
    expect((await t.lastMail(ADMIN_EMAIL))?.template_type).toBe('password-changed');
    expect((await t.call('GET', '/api/auth/permissions', { token: chosen.body.data.accessToken })).body.result).toBe('SUCCESS');
    expect(await flag(t, ADMIN_EMAIL)).toBe('N');

    const replay = await set('Other#pass3');
    expect(replay.body.result).toBe('VALIDATION_ERROR');
    expect(replay.body.data.errors[0].field).toBe('verificationToken');
    expect((await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: t.adminPassword } })).body.result).toBe('INVALID_CREDENTIALS');
    await t.signIn(ADMIN_EMAIL, 'Own#pass12');
  });
});

describe('an account whose password must still be changed', () => {
  let t: TestApp;
  withTestApp((app) => (t = app));

  it('a chosen ADMIN_PASSWORD is the admin’s own: no change is asked for', async () => {
    expect(await flag(t, ADMIN_EMAIL)).toBe('N');
    expect((await passwordAndCode(t, ADMIN_EMAIL, t.adminPassword)).body.result).toBe('SUCCESS');
  });

  it('gets no answer from the API on a session it had, and choosing the password ends outstanding reset links', async () => {
    const { accessToken } = await t.signIn(ADMIN_EMAIL, t.adminPassword);
    const admin = await t.db.selectFrom('admins').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    await t.call('POST', '/api/auth/password/reset', { body: { email: ADMIN_EMAIL } });
    const link = (await t.lastMail(ADMIN_EMAIL))!.body_text.match(/\/new-password\/([\w-]+)/)![1];
    await t.db.updateTable('admins').set({ must_change_password: 'Y' }).where('id', '=', admin.id).execute();
    await t.app.ctx.sessions.changed({ adminId: admin.id });

    const refused = await t.call('GET', '/api/auth/permissions', { token: accessToken });
    expect(refused.status).toBe(401);
    expect(refused.body.result).toBe('ADMIN_ACCESS_TOKEN_NOT_MATCHED');

    const { verificationToken } = (await passwordAndCode(t, ADMIN_EMAIL, t.adminPassword)).body.data;
    expect((await t.call('POST', '/api/auth/admin/initial-password', { body: { verificationToken, password: 'Own#pass12' } })).body.result).toBe('SUCCESS');
    expect((await t.call('GET', `/api/auth/password/reset/${link}`)).body.data).toEqual({ valid: false, reason: 'USED' });
    // The session from before the change stays ended.
    expect((await t.call('GET', '/api/auth/permissions', { token: accessToken })).status).toBe(401);
  });
});
