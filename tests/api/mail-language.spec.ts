import { describe, expect, it } from 'vitest';
import { sendAlertMail } from '../../server/collect/alert-mails/render';
import { failureSummary } from '../../server/collect/alert-mails/summaries';
import { DEFAULT_TEMPLATES } from '../../server/mail/templates';
import { emailTemplateTypes, formatZonedDateTime, type EmailTemplateType } from '../../src/shared';
import type { SmtpPeer } from '../fakes/smtp-peer';
import { ADMIN_EMAIL, otpToken, signedInAccount, signUp, type TestApp, withSmtpTestApp } from './harness';
import { projectBody, seedTemplate } from './projects-fixtures';

let smtp: SmtpPeer;
let t: TestApp;
withSmtpTestApp((suite) => ({ t, smtp } = suite));

/** What the console sends when it is read in Korean (src/providers/httpClient.ts). */
const KOREAN = { 'accept-language': 'ko', 'x-time-zone': 'Asia/Seoul' };
const HANGUL = /[\uAC00-\uD7A3]/;
/** The newest mail to the address as the outbox and the SMTP peer have it. */
async function lastMailTo(email: string) {
  await t.app.ctx.mailer.idle();
  const row = await t.db.selectFrom('mail_outbox').select(['template_type', 'subject', 'body_text', 'status']).where('to_address', '=', email).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const raw = smtp.received.findLast((mail) => mail.to.includes(email))?.raw ?? '';
  return { ...row, raw };
}

/** When the alert below said the run failed: the test asserts that time, not the clock read again later. */
let alertOccurredAt: Date;

const storedReaderOf = (id: number) => t.db.selectFrom('admins').select(['language', 'time_zone']).where('id', '=', id).executeTakeFirstOrThrow();

/** A signed-in account whose console is read in Korean: its first request stores the language and zone. */
async function koreanAccount(email: string, extra = {}) {
  const account = await signedInAccount(t, email, 'user', extra);
  expect((await t.call('GET', '/api/auth/permissions', { token: account.token, headers: KOREAN })).status).toBe(200);
  // Stored after the answer has gone.
  await expect.poll(() => storedReaderOf(account.id)).toEqual({ language: 'ko', time_zone: 'Asia/Seoul' });
  return account;
}

/**
 * One Korean reader's flow per mail type, answering the address the mail went to. Typed by the one
 * list of types, so a type added without a flow here (and so without Korean) fails the typecheck;
 * the test below also walks emailTemplateTypes at run time.
 */
const KOREAN_FLOWS: Record<EmailTemplateType, () => Promise<string>> = {
  otp: async () => {
    const me = await koreanAccount('ko-otp@example.com');
    const signIn = await t.call('POST', '/api/auth/signin', { body: { email: me.email, password: 'Passw0rd!' }, headers: KOREAN });
    expect(signIn.body.result).toBe('OTP_REQUIRED');
    return me.email;
  },
  'signup-code': async () => {
    expect((await t.call('POST', '/api/auth/otp', { body: { email: 'ko-new@example.com' }, headers: KOREAN })).body.result).toBe('SUCCESS');
    return 'ko-new@example.com';
  },
  'account-exists': async () => {
    const me = await signedInAccount(t, 'ko-exists@example.com', 'user');
    expect((await t.call('POST', '/api/auth/otp', { body: { email: me.email }, headers: KOREAN })).body.result).toBe('SUCCESS');
    return me.email;
  },
  'signup-request': async () => {
    // The approver reads the console in Korean; the applicant signs up in English.
    const approver = await koreanAccount('ko-approver@example.com', { approver_flag: 'Y' });
    await signUp(t, 'en-applicant@example.com');
    return approver.email;
  },
  'signup-approved': async () => {
    // The applicant signed up in Korean; the administrator who approves reads English.
    const sent = await t.call('POST', '/api/auth/otp', { body: { email: 'ko-applicant@example.com' }, headers: KOREAN });
    expect(sent.body.result).toBe('SUCCESS');
    const verified = await t.call('POST', '/api/auth/otp/verification', { body: { email: 'ko-applicant@example.com', code: await t.lastCode('ko-applicant@example.com') } });
    const terms = await t.call('GET', '/api/auth/terms');
    const signedUp = await t.call('POST', '/api/auth/signup', {
      headers: KOREAN,
      body: {
        verificationToken: verified.body.data.verificationToken,
        password: 'Passw0rd!',
        firstName: '민아',
        lastName: '박',
        company: 'HQ',
        region: 'APAC',
        office: 'KR',
        agreedTermVersionIds: terms.body.data.map((term: { termVersionId: number }) => term.termVersionId),
      },
    });
    expect(signedUp.body.result).toBe('SUCCESS');
    const { id } = await t.db.selectFrom('admins').select('id').where('email', '=', 'ko-applicant@example.com').executeTakeFirstOrThrow();
    const admin = await t.signIn(ADMIN_EMAIL, t.adminPassword);
    expect((await t.call('PUT', `/api/users/${id}/approval`, { token: admin.accessToken, body: { approvalStatusCode: 'APPROVED' } })).body.result).toBe('SUCCESS');
    return 'ko-applicant@example.com';
  },
  'password-reset': async () => {
    const me = await signedInAccount(t, 'ko-reset@example.com', 'user');
    expect((await t.call('POST', '/api/auth/password/reset', { body: { email: me.email }, headers: KOREAN })).body.result).toBe('SUCCESS');
    return me.email;
  },
  'account-locked': async () => {
    // Whoever guesses reads English; the owner reads Korean.
    const me = await koreanAccount('ko-locked@example.com');
    for (let i = 0; i < t.config.lockout.maxFailures; i++) await t.call('POST', '/api/auth/signin', { body: { email: me.email, password: 'Wrong#pass1' } });
    return me.email;
  },
  'profile-code': async () => {
    const me = await signedInAccount(t, 'ko-profile@example.com', 'user');
    expect((await t.call('POST', '/api/auth/admin/otp/send', { token: me.token, headers: KOREAN })).body.result).toBe('SUCCESS');
    return me.email;
  },
  'project-shared': async () => {
    const owner = await signedInAccount(t, 'en-owner@example.com', 'user', { creator_flag: 'Y' });
    const colleague = await koreanAccount('ko-colleague@example.com');
    const created = await t.call('POST', '/api/projects', { token: owner.token, body: projectBody(await seedTemplate(t, 'Mail language', 'MEDIA'), { name: 'Monthly budgets KR' }) });
    const projectId = created.body.data.id as number;
    expect((await t.call('POST', '/api/project-shares', { token: owner.token, body: { projectId, email: colleague.email, privilege: 'EDITOR' } })).status).toBe(200);
    return colleague.email;
  },
  'password-changed': async () => {
    const me = await koreanAccount('ko-changed@example.com');
    const token = await otpToken(t, me.token, me.email);
    const changed = await t.call('PUT', '/api/auth/admin/password-change', {
      token: me.token,
      headers: { ...KOREAN, 'x-otp-token': token },
      body: { password: 'Passw0rd!', changePassword: 'Changed#pass1' },
    });
    expect(changed.body.result).toBe('SUCCESS');
    return me.email;
  },
  'system-admin-removed': async () => {
    // Every system-admin is told; this one reads Korean. The seeded administrator removes a peer.
    const reader = await koreanAccount('ko-sysadmin@example.com');
    const peer = await signedInAccount(t, 'en-sysadmin@example.com', 'system-admin');
    await t.db.updateTable('admins').set({ authority: 'system-admin', account_rank: 1, account_level: 'SYSTEM' }).where('id', '=', reader.id).execute();
    const admin = await t.signIn(ADMIN_EMAIL, t.adminPassword);
    expect((await t.call('PUT', `/api/users/${peer.id}/status`, { token: admin.accessToken, body: { statusCode: 'INACTIVE' } })).body.result).toBe('SUCCESS');
    return reader.email;
  },
  alert: async () => {
    // As a failed run sends it (server/collect/jobs/alerts.ts): the recipient's stored language and zone.
    const me = await koreanAccount('ko-alert@example.com');
    alertOccurredAt = t.clock.now();
    await sendAlertMail(t.app.ctx, me.email, {
      procedure: 'collect',
      errorId: 'SOURCE_HTTP_ERROR',
      values: {
        name: '박민아',
        taskId: '7',
        configId: '3',
        configName: 'Naver daily',
        occurredAt: { at: alertOccurredAt },
        detail: { en: 'The source answered HTTP 500.', ko: '소스가 HTTP 500으로 응답했습니다.' },
        summary: failureSummary('COLLECT', 'Naver daily', 'SOURCE_HTTP_ERROR'),
        link: `${t.config.publicUrl}/tasks/7/show`,
      },
    });
    return me.email;
  },
};

describe('every mail reads in its reader’s language', () => {
  it('has a Korean flow for every mail type', () => {
    expect(Object.keys(KOREAN_FLOWS).sort()).toEqual([...emailTemplateTypes].sort());
  });

  for (const type of emailTemplateTypes) {
    it(`${type}: a Korean reader receives it in Korean`, async () => {
      const to = await KOREAN_FLOWS[type]();
      const mail = await lastMailTo(to);
      expect(mail.template_type).toBe(type);
      expect(mail.status).toBe('SENT');
      expect(mail.subject).toMatch(HANGUL);
      expect(mail.body_text).toMatch(HANGUL);
      // Nothing of the English mail's wording is left.
      expect(mail.body_text).not.toMatch(/\bHello\b|\bIf you did not\b|\bOpen the failed run\b/);
      expect(mail.body_text.split('\n')[0]).toMatch(/님, 안녕하십니까\.$|^안녕하십니까\.$/);
      // It reached the SMTP peer as sent (the subject is RFC 2047 encoded there).
      expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/);
    });
  }

  it('writes words and times for the Korean reader: privilege, summary and time in their zone, named', async () => {
    const shared = await lastMailTo('ko-colleague@example.com');
    expect(shared.body_text).toContain('편집자 권한으로 공유했습니다');
    const alert = await lastMailTo('ko-alert@example.com');
    expect(alert.subject).toBe('[알림] "Naver daily" 수집 실패: 소스가 오류로 응답했습니다.');
    expect(alert.body_text).toContain(`${formatZonedDateTime(alertOccurredAt, 'Asia/Seoul')}에 오류 SOURCE_HTTP_ERROR(으)로 중단되었습니다.`);
    expect(alert.body_text).toContain('소스가 HTTP 500으로 응답했습니다.');
    const changed = await lastMailTo('ko-changed@example.com');
    // The time the server stored for the change is the one its mail names (reading the clock again could be a minute on).
    const { password_updated_at } = await t.db.selectFrom('admins').select('password_updated_at').where('email', '=', 'ko-changed@example.com').executeTakeFirstOrThrow();
    expect(changed.body_text).toContain(`${formatZonedDateTime(password_updated_at, 'Asia/Seoul')}에 변경되었습니다`);
  });

  it('keeps English for an English reader, and for an address with no account', async () => {
    const me = await signedInAccount(t, 'en-reader@example.com', 'user');
    await t.call('POST', '/api/auth/signin', { body: { email: me.email, password: 'Passw0rd!' } });
    const mail = await lastMailTo(me.email);
    // The outbox keeps the code masked.
    expect(mail.subject).toBe('Your verification code: ••••••');
    expect(mail.raw).toContain(`Subject: Your verification code: ${await t.lastCode(me.email)}`);
    await sendAlertMail(t.app.ctx, 'outside@example.org', {
      procedure: 'collect',
      errorId: 'SOURCE_TIMEOUT',
      values: { name: 'outside@example.org', summary: failureSummary('COLLECT', 'Naver daily', 'SOURCE_TIMEOUT'), occurredAt: { at: t.clock.now() }, detail: 'x' },
    });
    expect((await lastMailTo('outside@example.org')).subject).toBe('[Alert] Collecting "Naver daily" failed: the source did not answer in time.');
  });

  it('stores the language and zone the console last sent, and a switch back to English', async () => {
    const me = await koreanAccount('ko-switch@example.com');
    await t.call('GET', '/api/auth/permissions', { token: me.token, headers: { 'accept-language': 'en', 'x-time-zone': 'Europe/Berlin' } });
    await expect.poll(() => storedReaderOf(me.id)).toEqual({ language: 'en', time_zone: 'Europe/Berlin' });
    // A request that sends no zone leaves the stored one.
    await t.call('GET', '/api/auth/permissions', { token: me.token, headers: { 'accept-language': 'ko' } });
    await expect.poll(() => storedReaderOf(me.id)).toEqual({ language: 'ko', time_zone: 'Europe/Berlin' });
  });
});

describe('e-mail templates per language', () => {
  it('sends a Korean recipient the admin-edited Korean template and an English one the English template; a Korean reader without an active Korean template gets the English one', async () => {
    const admin = (await t.signIn(ADMIN_EMAIL, t.adminPassword)).accessToken;
    const create = (body: Record<string, unknown>) => t.call('POST', '/api/email-templates', { token: admin, body: { statements: [], activeFlag: 'Y', ...body } });
    const korean = await create({ type: 'password-reset', language: 'ko', title: 'ACME 비밀번호 재설정', body: '{{name}}님, 여기에서 설정하십시오: {{link}}' });
    expect(korean.body.data).toMatchObject({ language: 'ko', activeFlag: 'Y' });
    const english = await create({ type: 'password-reset', language: 'en', title: 'ACME password reset', body: 'Set it here: {{link}}' });
    expect(english.body.data).toMatchObject({ language: 'en', activeFlag: 'Y' });
    // One active per type and language: the seeded Korean one was retired, the English edit left the Korean one alone.
    const active = await t.db.selectFrom('email_templates').select(['id', 'language']).where('type', '=', 'password-reset').where('active_flag', '=', 'Y').orderBy('language').execute();
    expect(active).toEqual([
      { id: english.body.data.id, language: 'en' },
      { id: korean.body.data.id, language: 'ko' },
    ]);

    const ko = await signedInAccount(t, 'ko-template@example.com', 'user');
    const en = await signedInAccount(t, 'en-template@example.com', 'user');
    await t.call('POST', '/api/auth/password/reset', { body: { email: ko.email }, headers: KOREAN });
    await t.call('POST', '/api/auth/password/reset', { body: { email: en.email }, headers: { 'accept-language': 'en' } });
    expect((await lastMailTo(ko.email)).subject).toBe('ACME 비밀번호 재설정');
    expect((await lastMailTo(en.email)).subject).toBe('ACME password reset');

    // The Korean one may be retired (the English one may not): Korean readers then get the active English one.
    expect((await t.call('DELETE', `/api/email-templates/${english.body.data.id}`, { token: admin })).status).toBe(409);
    expect(
      (
        await t.call('PUT', `/api/email-templates/${korean.body.data.id}`, {
          token: admin,
          body: { type: 'password-reset', language: 'ko', title: 'ACME 비밀번호 재설정', body: '{{link}}', statements: [], activeFlag: 'N' },
        })
      ).status,
    ).toBe(200);
    await t.call('POST', '/api/auth/password/reset', { body: { email: ko.email }, headers: KOREAN });
    expect((await lastMailTo(ko.email)).subject).toBe('ACME password reset');

    // With no active template at all (set by hand), each reader gets the built-in mail of their language.
    await t.db.updateTable('email_templates').set({ active_flag: 'N' }).where('type', '=', 'password-reset').execute();
    await t.call('POST', '/api/auth/password/reset', { body: { email: ko.email }, headers: KOREAN });
    expect((await lastMailTo(ko.email)).subject).toBe(DEFAULT_TEMPLATES.ko['password-reset'].title);
    await t.call('POST', '/api/auth/password/reset', { body: { email: en.email } });
    expect((await lastMailTo(en.email)).subject).toBe(DEFAULT_TEMPLATES.en['password-reset'].title);
  });

  it('previews a template with sample values as a reader of its language has them', async () => {
    const admin = (await t.signIn(ADMIN_EMAIL, t.adminPassword)).accessToken;
    const preview = (language: string) =>
      t.call('POST', '/api/email-templates/preview', { token: admin, body: { type: 'project-shared', language, title: '{{project}}', body: '{{name}}: {{privilege}}' } });
    expect((await preview('ko')).body.data.text).toBe('박민아: 편집자');
    expect((await preview('en')).body.data.text).toBe('Jane Doe: Editor');
  });

  it('lists and filters templates by language', async () => {
    const admin = (await t.signIn(ADMIN_EMAIL, t.adminPassword)).accessToken;
    const list = await t.call('GET', `/api/email-templates?filter=${encodeURIComponent(JSON.stringify({ type: 'otp', language: 'ko' }))}`, { token: admin });
    expect(list.body.data.list).toEqual([expect.objectContaining({ type: 'otp', language: 'ko', title: DEFAULT_TEMPLATES.ko.otp.title })]);
  });
});
