import { describe, expect, it } from 'vitest';
import { formatZonedDateTime } from '../../src/shared/date-time';
import type { SmtpPeer } from '../fakes/smtp-peer';
import { ADMIN_EMAIL, ADMIN_PASSWORD, otpToken, signedInAccount, type TestApp, withSmtpTestApp } from './harness';
import { projectBody, projectPeople, seedTemplate } from './projects-fixtures';

let smtp: SmtpPeer;
let t: TestApp;
withSmtpTestApp((suite) => ({ t, smtp } = suite));

/** The newest mail the SMTP peer received for the address, as its reader sees it. */
async function delivered(email: string) {
  await t.app.ctx.mailer.idle();
  return smtp.lastMail(email);
}

describe('sharing a project', () => {
  it('mails the colleague who shared which project, as what, with a link to it', async () => {
    const people = await projectPeople(t);
    const templateId = await seedTemplate(t, 'Mail template', 'MEDIA');
    const created = await t.call('POST', '/api/projects', { token: people.owner.token, body: projectBody(templateId, { name: 'Monthly budgets KR' }) });
    expect(created.status).toBe(200);
    const projectId = created.body.data.id as number;
    const shared = await t.call('POST', '/api/project-shares', { token: people.owner.token, body: { projectId, email: people.viewer.email, privilege: 'EDITOR' } });
    expect(shared.status).toBe(200);

    const mail = await t.lastMail(people.viewer.email);
    expect(mail?.template_type).toBe('project-shared');
    expect(mail?.subject).toBe('user Tester shared the project Monthly budgets KR with you');
    expect(mail?.body_text).toContain('as Editor');
    expect(mail?.body_text).toContain(`${t.config.publicUrl}/project/detail/${projectId}`);
    expect((await delivered(people.viewer.email)).text).toContain('Monthly budgets KR');
    // The one who shared gets nothing.
    expect((await t.lastMail(people.owner.email))?.template_type).not.toBe('project-shared');
  });
});

describe('a changed or reset password', () => {
  it('mails the owner when it was changed, in the zone of the browser that changed it, and the ended session says why', async () => {
    const me = await signedInAccount(t, 'changer@example.com', 'user');
    const elsewhere = await t.signIn(me.email, 'Passw0rd!');
    const token = await otpToken(t, me.token, me.email);
    const changed = await t.call('PUT', '/api/auth/admin/password-change', {
      token: me.token,
      headers: { 'x-otp-token': token, 'x-time-zone': 'Asia/Seoul' },
      body: { password: 'Passw0rd!', changePassword: 'Changed#pass1' },
    });
    expect(changed.body.result).toBe('SUCCESS');

    const mail = await t.lastMail(me.email);
    expect(mail?.template_type).toBe('password-changed');
    expect(mail?.subject).toBe('Your password was changed');
    expect(mail?.body_text).toContain(`was changed at ${formatZonedDateTime(t.clock.now(), 'Asia/Seoul')}`);
    expect(mail?.body_text).toContain('(Asia/Seoul)');
    expect(mail?.body_text).toContain("If this wasn't you");
    expect((await delivered(me.email)).subject).toBe('Your password was changed');

    // The other session's next request is refused with the reason; so is renewing it.
    const refused = await t.call('GET', '/api/auth/permissions', { token: elsewhere.accessToken });
    expect(refused.status).toBe(401);
    expect(refused.body.result).toBe('ADMIN_ACCESS_TOKEN_NOT_MATCHED');
    expect(refused.body.data).toEqual({ reason: 'PASSWORD_CHANGED' });
    expect(refused.body.resultMessage).toContain('because your password was changed');
    const renewal = await t.call('POST', '/api/auth/reissue', { body: { refreshToken: elsewhere.refreshToken } });
    expect(renewal.status).toBe(401);
    expect(renewal.body.data).toEqual({ reason: 'PASSWORD_CHANGED' });
    // The session that changed it goes on.
    expect((await t.call('GET', '/api/auth/permissions', { token: me.token })).status).toBe(200);
  });

  it('mails the owner when it was reset by a link, and every session ended by it says so', async () => {
    const me = await signedInAccount(t, 'resetter@example.com', 'user');
    expect((await t.call('POST', '/api/auth/password/reset', { body: { email: me.email } })).status).toBe(200);
    const link = (await t.lastMail(me.email))!.body_text.match(/new-password\/([\w-]+)/)![1];
    const reset = await t.call('PUT', '/api/auth/password/reset', { body: { token: link, password: 'Reset#pass22' }, headers: { 'x-time-zone': 'Europe/Berlin' } });
    expect(reset.body.result).toBe('SUCCESS');

    const mail = await t.lastMail(me.email);
    expect(mail?.template_type).toBe('password-changed');
    expect(mail?.body_text).toContain(`was changed at ${formatZonedDateTime(t.clock.now(), 'Europe/Berlin')}`);
    expect(mail?.body_text).toContain(`${t.config.publicUrl}/new-password`);
    expect((await delivered(me.email)).text).toContain(me.email);

    const refused = await t.call('GET', '/api/auth/permissions', { token: me.token });
    expect(refused.status).toBe(401);
    expect(refused.body.data).toEqual({ reason: 'PASSWORD_RESET' });
  });

  it('answers a session ended for no recorded reason with data null', async () => {
    const me = await signedInAccount(t, 'plain-end@example.com', 'user');
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: t.clock.now().toISOString(), revoke_reason: 'SOMETHING_ELSE' })
      .where('admin_id', '=', (await t.db.selectFrom('admins').select('id').where('email', '=', me.email).executeTakeFirstOrThrow()).id)
      .execute();
    await t.app.ctx.sessions.changed({ adminId: me.id });
    const refused = await t.call('GET', '/api/auth/permissions', { token: me.token });
    expect(refused.status).toBe(401);
    expect(refused.body.data).toBeNull();
  });
});

describe('each code mail has its own template', () => {
  it('editing the sign-in code mail leaves the sign-up and profile code mails as they were', async () => {
    const admin = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = await t.call('GET', '/api/email-templates?filter=%7B%7D&range=%5B0%2C99%5D', { token: admin.accessToken });
    // One active English template per flow (each has its Korean one beside it: mail-language.spec).
    const rows = (list.body.data.list as { id: number; type: string; language: string; activeFlag: string }[]).filter((row) => row.language === 'en');
    for (const type of ['otp', 'signup-code', 'profile-code', 'project-shared', 'password-changed']) {
      expect(
        rows.filter((row) => row.type === type && row.activeFlag === 'Y'),
        type,
      ).toHaveLength(1);
    }
    const signInTemplate = rows.find((row) => row.type === 'otp' && row.activeFlag === 'Y')!;
    const edited = await t.call('PUT', `/api/email-templates/${signInTemplate.id}`, {
      token: admin.accessToken,
      body: { type: 'otp', title: 'Edited sign-in code {{code}}', body: 'Edited: {{code}}', activeFlag: 'Y', statements: [] },
    });
    expect(edited.status).toBe(200);

    expect((await t.call('POST', '/api/auth/otp', { body: { email: 'newcomer@example.com' } })).body.result).toBe('SUCCESS');
    const signUpMail = await t.lastMail('newcomer@example.com');
    expect(signUpMail?.template_type).toBe('signup-code');
    expect(signUpMail?.subject).toMatch(/^Your sign-up code: \d{6}$/);
    expect(signUpMail?.body_text).not.toContain('Edited');

    const me = await signedInAccount(t, 'profile-code@example.com', 'user');
    expect((await t.call('POST', '/api/auth/admin/otp/send', { token: me.token })).body.result).toBe('SUCCESS');
    const profileMail = await t.lastMail(me.email);
    expect(profileMail?.template_type).toBe('profile-code');
    expect(profileMail?.subject).toMatch(/^Your code to change your password: \d{6}$/);

    // The sign-in code mail is the one edited.
    expect((await t.call('POST', '/api/auth/signin', { body: { email: me.email, password: 'Passw0rd!' } })).body.result).toBe('OTP_REQUIRED');
    expect((await t.lastMail(me.email))?.subject).toMatch(/^Edited sign-in code \d{6}$/);
  });
});
