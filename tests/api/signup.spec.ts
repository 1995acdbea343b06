import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, approvedUser, dbSnapshot, signUp, type TestApp, withTestApp } from './harness';

let t: TestApp;
let adminToken: string;
withTestApp((app) => (t = app));
beforeAll(async () => {
  adminToken = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
});

const PASSWORD = 'Passw0rd!';

async function termVersionIds(): Promise<{ all: number[]; required: number[] }> {
  const terms = await t.call('GET', '/api/auth/terms');
  expect(terms.body.result).toBe('SUCCESS');
  const list = terms.body.data as { termVersionId: number; requiredFlag: string }[];
  return { all: list.map((term) => term.termVersionId), required: list.filter((term) => term.requiredFlag === 'Y').map((term) => term.termVersionId) };
}

/** Sends and verifies the sign-up code, returning the verification token. */
async function verifiedEmail(email: string): Promise<string> {
  const sent = await t.call('POST', '/api/auth/otp', { body: { email } });
  expect(sent.body.result).toBe('SUCCESS');
  const verified = await t.call('POST', '/api/auth/otp/verification', { body: { email, code: await t.lastCode(email) } });
  expect(verified.body.result).toBe('SUCCESS');
  return verified.body.data.verificationToken;
}

async function signUpBody(verificationToken: string, overrides: Record<string, unknown> = {}) {
  return {
    verificationToken,
    password: PASSWORD,
    firstName: 'Jane',
    lastName: 'Doe',
    company: 'AGENCY',
    region: 'EMEA',
    office: 'DE',
    requestComment: 'Need access to EMEA dashboards',
    agreedTermVersionIds: (await termVersionIds()).all,
    ...overrides,
  };
}

function adminRow(email: string) {
  return t.db.selectFrom('admins').selectAll().where('email', '=', email).executeTakeFirst();
}

describe('sign-up', () => {
  it('refuses a disallowed domain with DOMAIN_NOT_ALLOWED and issues no code', async () => {
    const before = await dbSnapshot(t);
    const reply = await t.call('POST', '/api/auth/otp', { body: { email: 'someone@gmail.com' } });
    expect(reply.status).toBe(400);
    expect(reply.body.result).toBe('DOMAIN_NOT_ALLOWED');
    expect(reply.body.resultMessage).toContain('gmail.com');
    const challenges = await t.db.selectFrom('otp_challenges').select('id').where('email', '=', 'someone@gmail.com').execute();
    expect(challenges).toEqual([]);
    expect(await dbSnapshot(t)).toEqual(before);
  });

  it('answers a registered e-mail as any other at /api/auth/otp, and mails it that it has an account instead of a code', async () => {
    const fresh = await t.call('POST', '/api/auth/otp', { body: { email: 'newcomer@example.com' } });
    expect(fresh.body.result).toBe('SUCCESS');
    await t.app.ctx.mailer.idle();
    for (const email of [ADMIN_EMAIL, ADMIN_EMAIL.toUpperCase()]) {
      const before = t.mails.length;
      const reply = await t.call('POST', '/api/auth/otp', { body: { email } });
      expect(reply.status).toBe(fresh.status);
      expect(reply.body).toEqual(fresh.body);
      await t.app.ctx.mailer.idle();
      const sent = t.mails.slice(before);
      expect(sent.map((mail) => [mail.to, mail.type])).toEqual([[ADMIN_EMAIL, 'account-exists']]);
      expect(sent[0].text).toContain('already has an account');
      expect(sent[0].text).not.toMatch(/\b\d{6}\b/);
    }
  });

  it('answers OTP_MISMATCH for a wrong sign-up code and VALIDATION_ERROR for a malformed one', async () => {
    const email = 'wrongcode@example.com';
    await t.call('POST', '/api/auth/otp', { body: { email } });
    const code = await t.lastCode(email);
    const wrong = await t.call('POST', '/api/auth/otp/verification', { body: { email, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result).toBe('OTP_MISMATCH');
    expect(wrong.body.data.remainingAttempts).toBe(4);
    for (const bad of ['1234567', 'abcdef']) {
      const reply = await t.call('POST', '/api/auth/otp/verification', { body: { email, code: bad } });
      expect(reply.status).toBe(400);
      expect(reply.body.result).toBe('VALIDATION_ERROR');
      expect(reply.body.data.errors[0]).toEqual({ field: 'code', message: 'otpInvalid' });
    }
    const right = await t.call('POST', '/api/auth/otp/verification', { body: { email, code } });
    expect(right.body.result).toBe('SUCCESS');
    const reused = await t.call('POST', '/api/auth/otp/verification', { body: { email, code } });
    expect(reused.body.result).toBe('OTP_EXPIRED');
    expect(await adminRow(email)).toBeUndefined();
  });

  it('takes an applicant through to PENDING, records the agreements and mails the approver', async () => {
    const email = 'jane.doe@example.com';
    const token = await verifiedEmail(email);
    const body = await signUpBody(token);
    const reply = await t.call('POST', '/api/auth/signup', { body });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ result: 'SUCCESS', data: { approvalStatusCode: 'PENDING' } });

    const row = await adminRow(email);
    expect(row).toMatchObject({
      approval_status_code: 'PENDING',
      status_code: 'ACTIVE',
      authority: 'user',
      account_rank: 5,
      first_name: 'Jane',
      last_name: 'Doe',
      company_code: 'AGENCY',
      region_code: 'EMEA',
      office_code: 'DE',
      request_comment: 'Need access to EMEA dashboards',
    });
    expect(row!.password_hash).not.toContain(PASSWORD);
    const agreements = await t.db.selectFrom('term_agreements').select('term_version_id').where('admin_id', '=', row!.id).execute();
    expect(agreements.map((a) => a.term_version_id).sort()).toEqual([...body.agreedTermVersionIds].sort());

    const mail = await t.lastMail(ADMIN_EMAIL);
    expect(mail?.template_type).toBe('signup-request');
    expect(mail?.body_text).toContain(email);

    // The e-mail proof cannot create a second account.
    const again = await t.call('POST', '/api/auth/signup', { body });
    expect(again.status).toBe(409);
    expect(again.body.result).toBe('CONFLICT');
  });

  it('refuses a pending account at sign-in even with the right password', async () => {
    const reply = await t.call('POST', '/api/auth/signin', { body: { email: 'jane.doe@example.com', password: PASSWORD } });
    expect(reply.status).toBe(403);
    expect(reply.body.result).toBe('ACCOUNT_PENDING');
    expect(reply.body.resultMessage).toMatch(/awaiting approval/i);
    expect(await t.lastMail('jane.doe@example.com')).toMatchObject({ template_type: 'signup-code' }); // only the sign-up code, no sign-in code
    const challenges = await t.db.selectFrom('otp_challenges').select('id').where('email', '=', 'jane.doe@example.com').where('purpose', '=', 'SIGNIN').execute();
    expect(challenges).toEqual([]);
  });

  it('lets the admin approve: the applicant is mailed signup-approved and can sign in; approving again is a CONFLICT', async () => {
    const email = 'jane.doe@example.com';
    const { id } = (await adminRow(email))!;
    const approved = await t.call('PUT', `/api/users/${id}/approval`, { token: adminToken, body: { approvalStatusCode: 'APPROVED' } });
    expect(approved.status).toBe(200);
    expect(approved.body.result).toBe('SUCCESS');
    expect((await adminRow(email))!.approval_status_code).toBe('APPROVED');
    expect((await t.lastMail(email))?.template_type).toBe('signup-approved');
    const tokens = await t.signIn(email, PASSWORD);
    expect(tokens.accessToken).toBeTruthy();

    const before = await dbSnapshot(t);
    const again = await t.call('PUT', `/api/users/${id}/approval`, { token: adminToken, body: { approvalStatusCode: 'APPROVED' } });
    expect(again.status).toBe(409);
    expect(again.body.result).toBe('CONFLICT');
    expect(again.body.resultMessage).toMatch(/already approved/i);
    const reject = await t.call('PUT', `/api/users/${id}/approval`, { token: adminToken, body: { approvalStatusCode: 'REJECTED', reason: 'Too late' } });
    expect(reject.status).toBe(409);
    expect(await dbSnapshot(t)).toEqual(before);
  });

  it('rejects with a reason: sign-in then answers ACCOUNT_REJECTED and no approval mail is sent', async () => {
    const email = 'rejected@example.com';
    const id = await signUp(t, email, PASSWORD);
    const noReason = await t.call('PUT', `/api/users/${id}/approval`, { token: adminToken, body: { approvalStatusCode: 'REJECTED' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.result).toBe('VALIDATION_ERROR');
    expect((await adminRow(email))!.approval_status_code).toBe('PENDING');

    const rejected = await t.call('PUT', `/api/users/${id}/approval`, { token: adminToken, body: { approvalStatusCode: 'REJECTED', reason: 'Not an employee' } });
    expect(rejected.body.result).toBe('SUCCESS');
    expect(await adminRow(email)).toMatchObject({ approval_status_code: 'REJECTED', reject_reason: 'Not an employee' });
    expect((await t.lastMail(email))?.template_type).not.toBe('signup-approved');
    const signIn = await t.call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(signIn.status).toBe(403);
    expect(signIn.body.result).toBe('ACCOUNT_REJECTED');
  });

  it('forbids a rank-5 user from deciding approvals, changing nothing', async () => {
    const user = await approvedUser(t, adminToken, 'plain.user@example.com');
    const pendingId = await signUp(t, 'waiting@example.com');
    const before = await dbSnapshot(t);
    for (const body of [{ approvalStatusCode: 'APPROVED' }, { approvalStatusCode: 'REJECTED', reason: 'no' }]) {
      const reply = await t.call('PUT', `/api/users/${pendingId}/approval`, { token: user.tokens.accessToken, body });
      expect(reply.status).toBe(403);
      expect(reply.body.result).toBe('FORBIDDEN');
      expect(reply.body.resultMessage).toBe('You are not authorized to access request area.');
    }
    const anonymous = await t.call('PUT', `/api/users/${pendingId}/approval`, { body: { approvalStatusCode: 'APPROVED' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.result).toBe('TOKEN_UNAUTHORIZED');
    expect(await dbSnapshot(t)).toEqual(before);
    expect((await adminRow('waiting@example.com'))!.approval_status_code).toBe('PENDING');
  });

  it('answers NOT_FOUND for approving an id that does not exist', async () => {
    const reply = await t.call('PUT', '/api/users/999999/approval', { token: adminToken, body: { approvalStatusCode: 'APPROVED' } });
    expect(reply.status).toBe(404);
    expect(reply.body.result).toBe('NOT_FOUND');
  });
});

describe('sign-up refuses bad input and creates nothing', () => {
  let token: string;
  const email = 'careful@example.com';
  beforeAll(async () => {
    token = await verifiedEmail(email);
  });

  async function refused(body: Record<string, unknown>) {
    const before = await dbSnapshot(t);
    const reply = await t.call('POST', '/api/auth/signup', { body });
    expect(reply.status).toBe(400);
    expect(reply.body.result).toBe('VALIDATION_ERROR');
    expect(await adminRow(email)).toBeUndefined();
    expect(await dbSnapshot(t)).toEqual(before);
    return reply;
  }

  it('a weak password: Invalid Password Format', async () => {
    for (const password of ['short1!', 'password123', 'Password!!', '12345678!', `Passw0rd!${'x'.repeat(56)}`]) {
      const reply = await refused(await signUpBody(token, { password }));
      expect(reply.body.data.errors).toEqual([{ field: 'password', message: 'passwordInvalid' }]);
      expect(reply.body.resultMessage).toContain('Invalid Password Format');
    }
  });

  it('a required term left out', async () => {
    const { all, required } = await termVersionIds();
    const reply = await refused(await signUpBody(token, { agreedTermVersionIds: all.filter((id) => id !== required[0]) }));
    expect(reply.body.data.errors[0].field).toBe(`terms.${required[0]}`);
    expect(reply.body.resultMessage).toMatch(/must be accepted/);
  });

  it('a term version that is not offered', async () => {
    const { all } = await termVersionIds();
    const reply = await refused(await signUpBody(token, { agreedTermVersionIds: [...all, 99_999] }));
    expect(reply.body.data.errors[0].field).toBe('terms.99999');
  });

  it('an office outside the chosen region, or an unknown code', async () => {
    const office = await refused(await signUpBody(token, { region: 'APAC', office: 'US' }));
    expect(office.body.data.errors).toEqual([{ field: 'office', message: 'Choose a country of office in the chosen region.' }]);
    const company = await refused(await signUpBody(token, { company: "HQ' OR '1'='1" }));
    expect(company.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['company']);
  });

  it('missing names, wrong types and unknown fields', async () => {
    const base = await signUpBody(token);
    const noName = await refused({ ...base, firstName: '   ' });
    expect(noName.body.data.errors[0].field).toBe('firstName');
    const wrongType = await refused({ ...base, agreedTermVersionIds: 'all' });
    expect(wrongType.body.data.errors[0].field).toBe('agreedTermVersionIds');
    const extra = await refused({ ...base, authority: 'system-admin' });
    expect(JSON.stringify(extra.body.data.errors)).toContain('authority');
  });

  it('a tampered verification token', async () => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'intruder@example.com' })).toString('base64url');
    for (const bad of [`${header}.${forgedPayload}.${signature}`, `${token.slice(0, -4)}AAAA`, 'not-a-token-at-all']) {
      const reply = await refused(await signUpBody(bad));
      expect(reply.body.data.errors[0].field).toBe('verificationToken');
      expect(reply.body.resultMessage).toMatch(/expired or is not valid/);
    }
    expect(await adminRow('intruder@example.com')).toBeUndefined();
  });

  it('a verification token of another purpose (a terms proof is not an e-mail proof)', async () => {
    const proof = await t.app.ctx.tokens.signProof('terms', email, 600);
    const reply = await refused(await signUpBody(proof));
    expect(reply.body.data.errors[0].field).toBe('verificationToken');
  });

  it('an expired verification token (older than 30 minutes)', async () => {
    const body = await signUpBody(token);
    t.clock.advance(31 * 60_000);
    const reply = await refused(body);
    expect(reply.body.data.errors[0].field).toBe('verificationToken');
  });
});
