import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { ADMIN_EMAIL, ADMIN_PASSWORD, approvedUser, type TestApp, withTestApp } from './harness';

let t: TestApp;
let adminId: number;
withTestApp((app) => (t = app));
beforeAll(async () => {
  adminId = (await t.db.selectFrom('admins').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).id;
});

/** An authenticated read with no side effects: the caller's own profile. */
function profile(accessToken?: string, headers?: Record<string, string>) {
  return t.call('GET', `/api/system/profile/${adminId}`, { token: accessToken, headers });
}

function reissue(refreshToken: string) {
  return t.call('POST', '/api/auth/reissue', { body: { refreshToken } });
}

function expectRevoked(reply: { status: number; body: { result: string; resultMessage: string } }) {
  expect(reply.status).toBe(401);
  expect(reply.body.result).toBe('ADMIN_ACCESS_TOKEN_NOT_MATCHED');
  expect(reply.body.resultMessage).toMatch(/sign in again/i);
}

describe('reissue', () => {
  it('rotates: a new pair that works, and the old refresh token is refused afterwards', async () => {
    const first = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    t.clock.advance(1000); // a new iat, so the new access token differs even within the same second
    const renewed = await reissue(first.refreshToken);
    expect(renewed.status).toBe(200);
    expect(renewed.body.result).toBe('SUCCESS');
    const next = renewed.body.data;
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(next.accessToken).not.toBe(first.accessToken);
    expect(decodeJwt(next.accessToken).sid).toBe(decodeJwt(first.accessToken).sid);
    expect((await profile(next.accessToken)).body.result).toBe('SUCCESS');

    // The stored refresh token is a hash, never the token itself.
    const stored = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(next.refreshToken);

    // Chain once more with the newest token: still fine.
    const third = await reissue(next.refreshToken);
    expect(third.body.result).toBe('SUCCESS');
    expect((await profile(third.body.data.accessToken)).body.result).toBe('SUCCESS');
  });

  it('treats a reused refresh token as stolen: 401 and the whole family is revoked, other sessions survive', async () => {
    const other = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const first = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const second = (await reissue(first.refreshToken)).body.data;
    const third = (await reissue(second.refreshToken)).body.data;
    expect((await profile(third.accessToken)).body.result).toBe('SUCCESS');

    const replay = await reissue(first.refreshToken);
    expectRevoked(replay);
    expect(replay.body.resultMessage).toMatch(/already used/i);

    // The newest refresh token of the family and its access tokens are now refused.
    expectRevoked(await reissue(third.refreshToken));
    expectRevoked(await profile(third.accessToken));
    expectRevoked(await profile(second.accessToken));
    const session = await t.db
      .selectFrom('sessions')
      .select(['revoked_at', 'revoke_reason'])
      .where('id', '=', String(decodeJwt(first.accessToken).sid))
      .executeTakeFirstOrThrow();
    expect(session.revoke_reason).toBe('REFRESH_TOKEN_REUSED');
    expect(session.revoked_at).not.toBeNull();

    // Another session of the same user is untouched.
    expect((await profile(other.accessToken)).body.result).toBe('SUCCESS');
    const renewedOther = await reissue(other.refreshToken);
    expect(renewedOther.body.result).toBe('SUCCESS');
    expect((await profile(renewedOther.body.data.accessToken)).body.result).toBe('SUCCESS');
  });

  it('refuses an unknown refresh token and a malformed body without touching any session', async () => {
    const before = await t.db.selectFrom('sessions').selectAll().orderBy('id').execute();
    expectRevoked(await reissue('x'.repeat(43)));
    const wrongType = await t.call('POST', '/api/auth/reissue', { body: { refreshToken: 12345678901 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.result).toBe('VALIDATION_ERROR');
    expect(wrongType.body.data.errors[0].field).toBe('refreshToken');
    const missing = await t.call('POST', '/api/auth/reissue', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors[0].field).toBe('refreshToken');
    expect(await t.db.selectFrom('sessions').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('access tokens', () => {
  it('answers TOKEN_UNAUTHORIZED for a missing, garbage, non-Bearer or forged token', async () => {
    const { accessToken } = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const forged = await new SignJWT(decodeJwt(accessToken)).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode('a-different-secret-of-at-least-32-chars!'));
    const [header, payload] = accessToken.split('.');
    const unsigned = `${header.replace(/.+/, Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url'))}.${payload}.`;
    const attempts: [string, Record<string, string> | undefined, string | undefined][] = [
      ['absent', undefined, undefined],
      ['garbage', undefined, 'garbage'],
      ['three dots of nothing', undefined, '..'],
      ['forged signature', undefined, forged],
      ['alg none', undefined, unsigned],
      ['Basic scheme', { authorization: `Basic ${accessToken}` }, undefined],
      ['empty Bearer', { authorization: 'Bearer ' }, undefined],
    ];
    for (const [name, headers, token] of attempts) {
      const reply = await profile(token, headers);
      expect(reply.status, name).toBe(401);
      expect(reply.body.result, name).toBe('TOKEN_UNAUTHORIZED');
      expect(reply.body.resultMessage, name).toMatch(/\w+ \w+/);
    }
    expect((await profile(accessToken)).body.result).toBe('SUCCESS');
  });

  it('answers TOKEN_UNAUTHORIZED once the access token is 15 minutes old, and a reissue recovers', async () => {
    const pair = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    t.clock.advance(14 * 60_000);
    expect((await profile(pair.accessToken)).body.result).toBe('SUCCESS');
    t.clock.advance(2 * 60_000);
    const expired = await profile(pair.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.result).toBe('TOKEN_UNAUTHORIZED');
    expect(expired.body.resultMessage).toMatch(/expired/i);
    const renewed = await reissue(pair.refreshToken);
    expect(renewed.body.result).toBe('SUCCESS');
    expect((await profile(renewed.body.data.accessToken)).body.result).toBe('SUCCESS');
  });
});

describe('sign-out', () => {
  it('revokes the session named by the access token: its access and refresh tokens are refused, other sessions live on', async () => {
    const other = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const pair = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const out = await t.call('POST', '/api/auth/signout', { token: pair.accessToken, body: { 'user-id': adminId } });
    expect(out.status).toBe(200);
    expect(out.body.result).toBe('SUCCESS');
    expectRevoked(await profile(pair.accessToken));
    expectRevoked(await reissue(pair.refreshToken));
    expect((await profile(other.accessToken)).body.result).toBe('SUCCESS');
  });

  it('ends the session as clients call it: Bearer token and user-id header, no body, with or without a JSON content type', async () => {
    for (const contentType of [{}, { 'content-type': 'application/json' }, { 'content-type': 'application/json; charset=utf-8' }]) {
      const pair = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { authorization: `Bearer ${pair.accessToken}`, 'user-id': String(adminId), ...contentType } });
      expect(out.statusCode, JSON.stringify(contentType)).toBe(200);
      expect(out.json().result).toBe('SUCCESS');
      expectRevoked(await profile(pair.accessToken));
    }
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { 'content-type': 'application/json' }, payload: '{"refreshToken":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().result).toBe('VALIDATION_ERROR');
  });

  it('also ends the session when only the refresh token is sent', async () => {
    const pair = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const out = await t.call('POST', '/api/auth/signout', { body: { refreshToken: pair.refreshToken } });
    expect(out.body.result).toBe('SUCCESS');
    expectRevoked(await profile(pair.accessToken));
    expectRevoked(await reissue(pair.refreshToken));
  });

  it('signs out an already-ended session without error', async () => {
    const pair = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.call('POST', '/api/auth/signout', { token: pair.accessToken, body: { refreshToken: pair.refreshToken } });
    const again = await t.call('POST', '/api/auth/signout', { token: pair.accessToken, body: { refreshToken: pair.refreshToken } });
    expect(again.status).toBe(200);
    expect(again.body.result).toBe('SUCCESS');
  });
});

describe('session limits', () => {
  it('refuses a refresh token older than 8 hours', async () => {
    const pair = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    t.clock.advance(8 * 60 * 60_000 + 60_000);
    expectRevoked(await reissue(pair.refreshToken));
    expect((await profile(pair.accessToken)).body.result).toBe('TOKEN_UNAUTHORIZED');
  });

  it('ends every session of an account that is deactivated', async () => {
    const admin = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const user = await approvedUser(t, admin.accessToken, 'deactivated@example.com');
    await t.db.updateTable('admins').set({ status_code: 'INACTIVE' }).where('id', '=', user.id).execute();
    expectRevoked(await t.call('GET', `/api/system/profile/${user.id}`, { token: user.tokens.accessToken }));
    expectRevoked(await reissue(user.tokens.refreshToken));
  });
});
