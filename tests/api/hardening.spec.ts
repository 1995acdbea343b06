import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, approvedUser, dbSnapshot, flushSystemLog, otpToken, startSiblingApp, type TestApp, withTestApp } from './harness';

let t: TestApp;
let adminId: number;
withTestApp((app) => (t = app));
beforeAll(async () => {
  adminId = (await t.db.selectFrom('admins').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).id;
});

async function adminToken(): Promise<string> {
  return (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
}

/** A raw request, for bodies the harness would serialise for us. */
async function raw(method: 'GET' | 'POST' | 'PUT', url: string, payload?: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const response = await t.app.inject({ method, url, payload, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('refused input gets its result code, a readable message, and changes nothing', () => {
  it('malformed JSON is a 400 VALIDATION_ERROR', async () => {
    const before = await dbSnapshot(t);
    for (const url of ['/api/auth/signin', '/api/auth/otp', '/api/auth/signup', '/api/auth/reissue', '/api/auth/password/reset']) {
      for (const payload of ['{"email": "a@example.com",', '{email: a}', "{'email':'a@example.com'}", '[1,2', '']) {
        const reply = await raw('POST', url, payload);
        expect(reply.status, `${url} ${payload}`).toBe(400);
        expect(reply.body.result).toBe('VALIDATION_ERROR');
        expect(reply.body.resultMessage).toMatch(/JSON/);
      }
    }
    expect(await dbSnapshot(t)).toEqual(before);
  });

  it('a body that is not JSON at all is refused the same way', async () => {
    const reply = await raw('POST', '/api/auth/signin', 'email=a@example.com&password=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(reply.status).toBe(400);
    expect(reply.body.result).toBe('VALIDATION_ERROR');
    expect(reply.body.resultMessage).toMatch(/must be JSON/);
  });

  it('wrong types name the field', async () => {
    const before = await dbSnapshot(t);
    const cases: [string, unknown, string][] = [
      ['/api/auth/signin', { email: 123, password: 'x' }, 'email'],
      ['/api/auth/signin', { email: ADMIN_EMAIL, password: ['Admin#2024x'] }, 'password'],
      ['/api/auth/signin', { email: { $ne: null }, password: 'x' }, 'email'],
      ['/api/auth/otp', { email: true }, 'email'],
      ['/api/auth/otp/verification', { email: 'a@example.com', code: 123456 }, 'code'],
      ['/api/auth/reissue', { refreshToken: null }, 'refreshToken'],
      ['/api/auth/password/reset', { email: ['a@example.com'] }, 'email'],
    ];
    for (const [url, body, field] of cases) {
      const reply = await t.call('POST', url, { body });
      expect(reply.status, url).toBe(400);
      expect(reply.body.result).toBe('VALIDATION_ERROR');
      expect(reply.body.data.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(reply.body.resultMessage).toContain(field);
    }
    const arrayBody = await raw('POST', '/api/auth/signin', '[]');
    expect(arrayBody.status).toBe(400);
    expect(arrayBody.body.result).toBe('VALIDATION_ERROR');
    expect(await dbSnapshot(t)).toEqual(before);
  });

  it('unknown fields are refused, naming the key', async () => {
    const before = await dbSnapshot(t);
    const signIn = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, role: 'system-admin' } });
    expect(signIn.status).toBe(400);
    expect(signIn.body.result).toBe('VALIDATION_ERROR');
    expect(signIn.body.data.errors).toEqual([{ field: 'role', message: 'unknownField', params: { keys: 'role' } }]);
    expect(signIn.body.resultMessage).toContain('role');
    const reset = await t.call('POST', '/api/auth/password/reset', { body: { email: ADMIN_EMAIL, admin_id: 1 } });
    expect(reset.status).toBe(400);
    expect(reset.body.resultMessage).toContain('admin_id');
    expect(await dbSnapshot(t)).toEqual(before);
  });

  it('a body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
    const before = await dbSnapshot(t);
    const big = JSON.stringify({ email: ADMIN_EMAIL, password: 'x'.repeat(1024 * 1024) });
    for (const url of ['/api/auth/signin', '/api/auth/otp', '/api/auth/signup']) {
      const reply = await raw('POST', url, big);
      expect(reply.status).toBe(413);
      expect(reply.body).toEqual({ result: 'PAYLOAD_TOO_LARGE', resultMessage: 'The request body is too large.', data: null });
    }
    // Just under the limit is parsed and judged on its content instead.
    const nearly = await raw('POST', '/api/auth/signin', JSON.stringify({ email: ADMIN_EMAIL, password: 'x'.repeat(1000 * 1000) }));
    expect(nearly.status).toBe(400);
    expect(nearly.body.data.errors[0].field).toBe('password');
    expect(await dbSnapshot(t)).toEqual(before);
  });

  it('SQL-looking strings are plain data: a malformed e-mail is a validation error, a quoted password just a wrong one', async () => {
    const token = await adminToken();
    const before = await dbSnapshot(t);
    for (const url of ['/api/auth/signin', '/api/auth/otp', '/api/auth/password/reset']) {
      const body = url === '/api/auth/signin' ? { email: "x' OR 1=1 --@example.com", password: 'x' } : { email: "x' OR 1=1 --@example.com" };
      const reply = await t.call('POST', url, { body });
      expect(reply.status, url).toBe(400);
      expect(reply.body.result).toBe('VALIDATION_ERROR');
      expect(reply.body.data.errors).toEqual([{ field: 'email', message: 'emailInvalid' }]);
    }
    const unknown = await t.call('POST', '/api/auth/signin', { body: { email: 'nobody@example.com', password: "' OR '1'='1" } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.result).toBe('INVALID_CREDENTIALS');
    const reissue = await t.call('POST', '/api/auth/reissue', { body: { refreshToken: "' OR 1=1; DROP TABLE sessions; --" } });
    expect(reissue.status).toBe(401);
    expect(reissue.body.result).toBe('ADMIN_ACCESS_TOKEN_NOT_MATCHED');
    const profileId = await t.call('GET', `/api/system/profile/${encodeURIComponent('1 OR 1=1')}`, { token });
    expect(profileId.status).toBe(400);
    expect(profileId.body.result).toBe('VALIDATION_ERROR');
    expect(profileId.body.data.errors[0].field).toBe('adminId');
    expect(await dbSnapshot(t)).toEqual(before);

    // Against a real account the quoted password counts as one failed try, nothing more.
    const known = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: "' OR '1'='1" } });
    expect(known.status).toBe(401);
    expect(known.body.result).toBe('INVALID_CREDENTIALS');
    const after = (await dbSnapshot(t, ['admins'])).admins as { email: string; sign_in_attempt: number }[];
    const expected = (before.admins as { email: string; sign_in_attempt: number }[]).map((row) => (row.email === ADMIN_EMAIL ? { ...row, sign_in_attempt: row.sign_in_attempt + 1 } : row));
    expect(after).toEqual(expected);
    await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  it('an unknown /api path is a 404 NOT_FOUND envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['GET', '/api/auth/signin'],
      ['DELETE', '/api/users/1'],
    ] as const) {
      const reply = await t.call(method, url);
      expect(reply.status, url).toBe(404);
      expect(reply.body).toEqual({ result: 'NOT_FOUND', resultMessage: `No such endpoint: ${method} ${url}`, data: null });
    }
  });

  it('sends the security headers on successes, errors and unknown paths', async () => {
    const replies = [await t.call('GET', '/api/auth/terms'), await t.call('POST', '/api/auth/signin', { body: {} }), await t.call('GET', '/api/nope')];
    expect(replies.map((r) => r.status)).toEqual([200, 400, 404]);
    for (const reply of replies) {
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options'] !== undefined || /frame-ancestors 'none'/.test(csp)).toBe(true);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('rate limits', () => {
  // A server with low limits on this file's database (see startSiblingApp for why not startTestApp).
  let rl: { app: TestApp['app']; db: TestApp['db']; close(): Promise<void> };
  beforeAll(async () => {
    const sibling = await startSiblingApp(t, { rateLimits: { perIp: { max: 3, windowMs: 60_000 }, perEmail: { max: 2, windowMs: 60_000 } } });
    rl = { ...sibling, db: t.db };
  });
  afterAll(async () => rl.close());

  function signInFrom(ip: string, email: string, password: string) {
    return rl.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress: ip, payload: { email, password } });
  }

  async function otpMails(email: string) {
    await rl.app.ctx.mailer.idle();
    return (await rl.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).where('template_type', '=', 'otp').execute()).length;
  }

  it('refuses the 4th sign-in from one IP with a 429 envelope, while another IP is unaffected', async () => {
    for (let i = 1; i <= 3; i++) {
      const reply = await signInFrom('10.1.1.1', `user${i}@example.com`, 'Wrong#123');
      expect(reply.statusCode).toBe(401);
    }
    const fourth = await signInFrom('10.1.1.1', 'user4@example.com', 'Wrong#123');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ result: 'TOO_MANY_REQUESTS', resultMessage: expect.stringMatching(/try again in/i), data: null });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password does not get through, and no code is mailed.
    const mails = await otpMails(ADMIN_EMAIL);
    const right = await signInFrom('10.1.1.1', ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(await otpMails(ADMIN_EMAIL)).toBe(mails);
    expect((await signInFrom('10.1.1.2', 'user5@example.com', 'Wrong#123')).statusCode).toBe(401);
  });

  it('refuses the 3rd sign-in for one e-mail even from different IPs, and other e-mails still pass', async () => {
    const email = 'admin@example.com';
    expect((await signInFrom('10.2.0.1', email, ADMIN_PASSWORD)).json().result).toBe('OTP_REQUIRED');
    expect((await signInFrom('10.2.0.2', email.toUpperCase(), ADMIN_PASSWORD)).json().result).toBe('OTP_REQUIRED');
    const mails = await otpMails(ADMIN_EMAIL);
    const third = await signInFrom('10.2.0.3', email, ADMIN_PASSWORD);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ result: 'TOO_MANY_REQUESTS', resultMessage: expect.stringMatching(/try again in/i), data: null });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await otpMails(ADMIN_EMAIL)).toBe(mails);
    expect((await signInFrom('10.2.0.3', 'someone@example.com', 'Wrong#123')).statusCode).toBe(401);
  });

  it('limits reset-link requests per e-mail too, without revealing whether the account exists', async () => {
    const reset = (ip: string, email: string) => rl.app.inject({ method: 'POST', url: '/api/auth/password/reset', remoteAddress: ip, payload: { email } });
    for (const email of [ADMIN_EMAIL, 'ghost@example.com']) {
      expect((await reset('10.3.0.1', email)).statusCode).toBe(200);
      expect((await reset('10.3.0.2', email)).statusCode).toBe(200);
      const third = await reset('10.3.0.3', email);
      expect(third.statusCode).toBe(429);
      expect(third.json().result).toBe('TOO_MANY_REQUESTS');
    }
  });
});

describe('system log', () => {
  it('records every call with the e-mail and status, but never a password, code or token in clear text', async () => {
    const secrets: string[] = [];
    const keep = (...values: string[]) => {
      for (const value of values) {
        expect(typeof value).toBe('string');
        secrets.push(value);
      }
    };

    // Sign-ins: a wrong password, then full sign-ins with code, a reissue and a sign-out.
    keep(ADMIN_PASSWORD, 'Wrong#pass9');
    await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: 'Wrong#pass9' } });
    const first = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const code = await t.lastCode(ADMIN_EMAIL);
    keep(first.body.data.challengeToken, code);
    await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: first.body.data.challengeToken, code: code === '000000' ? '111111' : '000000' } });
    const second = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: first.body.data.challengeToken, code } });
    const admin = second.body.data;
    keep(admin.accessToken, admin.refreshToken);
    const renewed = (await t.call('POST', '/api/auth/reissue', { body: { refreshToken: admin.refreshToken } })).body.data;
    keep(renewed.accessToken, renewed.refreshToken);

    // A sign-up.
    const email = 'logged.user@example.com';
    const password = 'Logg3d#pw';
    keep(password);
    await t.call('POST', '/api/auth/otp', { body: { email } });
    const signupCode = await t.lastCode(email);
    keep(signupCode);
    const verified = await t.call('POST', '/api/auth/otp/verification', { body: { email, code: signupCode } });
    keep(verified.body.data.verificationToken);
    const terms = await t.call('GET', '/api/auth/terms');
    const signedUp = await t.call('POST', '/api/auth/signup', {
      body: {
        verificationToken: verified.body.data.verificationToken,
        password,
        firstName: 'Log',
        lastName: 'Ged',
        company: 'HQ',
        region: 'APAC',
        office: 'JP',
        agreedTermVersionIds: terms.body.data.map((term: { termVersionId: number }) => term.termVersionId),
      },
    });
    expect(signedUp.body.result).toBe('SUCCESS');
    const userId = (await t.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    await t.call('PUT', `/api/users/${userId}/approval`, { token: renewed.accessToken, body: { approvalStatusCode: 'APPROVED' } });

    // A reset by link, including a visit to the link path and a token in a query string.
    await t.call('POST', '/api/auth/password/reset', { body: { email } });
    const resetToken = (await t.lastMail(email))!.body_text.match(/new-password\/([\w-]+)/)![1];
    const resetPassword = 'Res3t#pw';
    keep(resetToken, resetPassword);
    await t.call('GET', `/api/new-password/${resetToken}`);
    await t.call('GET', `/api/auth/terms?token=${resetToken}&code=${code}&refreshToken=${renewed.refreshToken}`);
    expect((await t.call('PUT', '/api/auth/password/reset', { body: { token: resetToken, password: resetPassword } })).body.result).toBe('SUCCESS');

    // A password change with an e-mailed code.
    const user = await t.signIn(email, resetPassword);
    keep(user.accessToken, user.refreshToken);
    await t.call('POST', '/api/auth/admin/otp/send', { token: user.accessToken });
    const profileCode = await t.lastCode(email);
    keep(profileCode);
    const otp = (await t.call('POST', '/api/auth/admin/otp/verify', { token: user.accessToken, body: { code: profileCode } })).body.data.token;
    const changed = 'Chang3d#pw';
    keep(otp, changed);
    const change = await t.call('PUT', '/api/auth/admin/password-change', { token: user.accessToken, headers: { 'X-OTP-Token': otp }, body: { password: resetPassword, changePassword: changed } });
    expect(change.body.result).toBe('SUCCESS');
    await t.call('POST', '/api/auth/signout', { token: user.accessToken, body: { refreshToken: user.refreshToken } });

    await flushSystemLog(t);
    const rows = await t.db.selectFrom('system_logs').selectAll().execute();
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      for (const field of ['request_body', 'query_param', 'end_point'] as const) {
        const text = row[field] ?? '';
        for (const secret of secrets) expect(text, `${row.http_method} ${row.end_point} ${field}`).not.toContain(secret);
      }
    }

    const signIns = rows.filter((row) => row.end_point === '/api/auth/signin' && row.email === ADMIN_EMAIL);
    expect(signIns.map((row) => row.http_status)).toEqual(expect.arrayContaining([200, 401]));
    for (const row of signIns) {
      expect(row.http_method).toBe('POST');
      expect(row.request_body).toContain(ADMIN_EMAIL);
      expect(row.request_body).toContain('[REDACTED]');
      expect(row.source_ip).toBeTruthy();
      expect(row.event_id).toBeTruthy();
      expect(row.request_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    const changeRow = rows.find((row) => row.end_point === '/api/auth/admin/password-change');
    expect(changeRow).toMatchObject({ admin_id: userId, email, http_method: 'PUT', http_status: 200 });
    expect(rows.some((row) => row.end_point === '/api/new-password/[REDACTED]')).toBe(true);
  });
});

describe('profile', () => {
  it("returns one's own profile with names, company and countries grouped by region", async () => {
    const reply = await t.call('GET', `/api/system/profile/${adminId}`, { token: await adminToken() });
    expect(reply.status).toBe(200);
    expect(reply.body.result).toBe('SUCCESS');
    const profile = reply.body.data;
    expect(profile).toMatchObject({
      email: ADMIN_EMAIL,
      firstName: 'System',
      lastName: 'Admin',
      company: 'Headquarters',
      region: 'Asia Pacific',
      office: 'Korea',
      companyCode: 'HQ',
      regionCode: 'APAC',
      officeCode: 'KR',
      isApprover: 'Y',
      isCreator: 'Y',
      isUploader: 'Y',
    });
    expect(profile.connectedCountries.map((group: { groupCode: string }) => group.groupCode)).toEqual(['APAC', 'EMEA', 'LATAM', 'NA']);
    expect(profile.connectedCountries[0].member).toEqual([
      { code: 'AU', name: 'Australia' },
      { code: 'IN', name: 'India' },
      { code: 'JP', name: 'Japan' },
      { code: 'KR', name: 'Korea' },
      { code: 'SG', name: 'Singapore' },
    ]);
    expect(profile.connectedCountries.find((group: { groupCode: string }) => group.groupCode === 'NA').member).toEqual([
      { code: 'CA', name: 'Canada' },
      { code: 'US', name: 'United States' },
    ]);
    expect(profile.connectedDataTypes.map((group: { groupName: string }) => group.groupName)).toEqual(['Acme Electronics', 'Globex Retail']);
    expect(profile.connectedDataTypes[0].member.map((m: { name: string }) => m.name).sort()).toEqual(['CRM', 'Media', 'Retail', 'Social']);
    expect(JSON.stringify(profile)).not.toMatch(/password|hash/i);
  });

  it('lets a rank-5 user read only their own profile', async () => {
    const admin = await adminToken();
    const user = await approvedUser(t, admin, 'profile.user@example.com');
    const own = await t.call('GET', `/api/system/profile/${user.id}`, { token: user.tokens.accessToken });
    expect(own.body.result).toBe('SUCCESS');
    expect(own.body.data).toMatchObject({ email: 'profile.user@example.com', company: 'Headquarters', isApprover: 'N' });
    expect(own.body.data.connectedCountries).toEqual([{ groupCode: 'APAC', groupName: 'Asia Pacific', member: [{ code: 'KR', name: 'Korea' }] }]);

    const other = await t.call('GET', `/api/system/profile/${adminId}`, { token: user.tokens.accessToken });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ result: 'FORBIDDEN', resultMessage: 'You are not authorized to access request area.', data: null });
    const missing = await t.call('GET', '/api/system/profile/999999', { token: user.tokens.accessToken });
    expect(missing.status).toBe(403); // no probing for which ids exist

    // A user manager may read it; an id that does not exist is 404.
    expect((await t.call('GET', `/api/system/profile/${user.id}`, { token: admin })).body.result).toBe('SUCCESS');
    const none = await t.call('GET', '/api/system/profile/999999', { token: admin });
    expect(none.status).toBe(404);
    expect(none.body.result).toBe('NOT_FOUND');
  });

  it('answers 401 TOKEN_UNAUTHORIZED without a token', async () => {
    const reply = await t.call('GET', `/api/system/profile/${adminId}`);
    expect(reply.status).toBe(401);
    expect(reply.body.result).toBe('TOKEN_UNAUTHORIZED');
    expect(reply.body.data).toBeNull();
  });

  it('needs a profile code before the OTP token is issued (helper sanity)', async () => {
    const user = await t.signIn('profile.user@example.com', 'Passw0rd!');
    expect(await otpToken(t, user.accessToken, 'profile.user@example.com')).toMatch(/^[\w-]{43}$/);
  });
});
