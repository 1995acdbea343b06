// Sessions and permissions are cached by each instance: every change must reach the very next call,
// on this instance and on another one on the same database (PostgreSQL: LISTEN/NOTIFY between two
// apps with their own listeners; SQLite: the in-process bus of apps sharing the database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { OTP_TOKEN_HEADER, type UserUpdateInput } from '../../src/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, otpToken, signedInAccount, startSiblingApp, type TestApp, withTestApp } from './harness';

let t: TestApp;
let other: { app: FastifyInstance; close(): Promise<void> };
let adminToken: string;

withTestApp((app) => (t = app));
beforeAll(async () => {
  other = await startSiblingApp(t, {});
  adminToken = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
});
afterAll(async () => other?.close());

/** A call answered by the other instance. */
async function onOther(method: 'GET' | 'POST', url: string, token: string) {
  const reply = await other.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  return { status: reply.statusCode, body: reply.json() };
}

const PROFILE = (id: number) => `/api/system/profile/${id}`;
const SESSION_ENDED = { status: 401, body: expect.objectContaining({ result: 'ADMIN_ACCESS_TOKEN_NOT_MATCHED' }) };

function edit(change: Partial<UserUpdateInput>): UserUpdateInput {
  return {
    authority: 'user',
    approverFlag: 'N',
    creatorFlag: 'N',
    uploaderFlag: 'N',
    regionCode: 'APAC',
    officeCode: 'KR',
    companyCode: 'HQ',
    countryCodes: ['KR'],
    dataTypes: [],
    statusCode: 'ACTIVE',
    ...change,
  };
}

describe('an ended session, on the next call of another instance', () => {
  it('refuses a signed-out token that the other instance had just accepted', async () => {
    const user = await signedInAccount(t, 'signout@example.com', 'user');
    // Both instances have now read (and cached) the live session.
    expect((await onOther('GET', PROFILE(user.id), user.token)).status).toBe(200);
    expect((await t.call('GET', PROFILE(user.id), { token: user.token })).status).toBe(200);

    expect((await t.call('POST', '/api/auth/signout', { token: user.token })).status).toBe(200);
    expect(await onOther('GET', PROFILE(user.id), user.token)).toMatchObject(SESSION_ENDED);
    expect((await t.call('GET', PROFILE(user.id), { token: user.token })).status).toBe(401);
  });

  it('refuses every session of an account deactivated on the first instance', async () => {
    const user = await signedInAccount(t, 'deactivate@example.com', 'user');
    expect((await onOther('GET', PROFILE(user.id), user.token)).status).toBe(200);
    const deactivated = await t.call('PUT', `/api/users/${user.id}/status`, { token: adminToken, body: { statusCode: 'INACTIVE' } });
    expect(deactivated.body.result).toBe('SUCCESS');
    expect(await onOther('GET', PROFILE(user.id), user.token)).toMatchObject(SESSION_ENDED);
  });

  it('refuses the other sessions of an account whose password changed, and keeps the one that changed it', async () => {
    const user = await signedInAccount(t, 'password@example.com', 'user');
    const elsewhere = (await t.signIn(user.email, 'Passw0rd!')).accessToken;
    expect((await onOther('GET', PROFILE(user.id), elsewhere)).status).toBe(200);
    expect((await onOther('GET', PROFILE(user.id), user.token)).status).toBe(200);

    const proof = await otpToken(t, user.token, user.email);
    const changed = await t.call('PUT', '/api/auth/admin/password-change', {
      token: user.token,
      headers: { [OTP_TOKEN_HEADER]: proof },
      body: { password: 'Passw0rd!', changePassword: 'N3wPass0rd!' },
    });
    expect(changed.body.result).toBe('SUCCESS');
    expect(await onOther('GET', PROFILE(user.id), elsewhere)).toMatchObject(SESSION_ENDED);
    expect((await onOther('GET', PROFILE(user.id), user.token)).status).toBe(200);
  });

  it('refuses a session whose refresh token was replayed', async () => {
    const user = await signedInAccount(t, 'replay@example.com', 'user');
    const pair = await t.signIn(user.email, 'Passw0rd!');
    expect((await onOther('GET', PROFILE(user.id), pair.accessToken)).status).toBe(200);
    expect((await t.call('POST', '/api/auth/reissue', { body: { refreshToken: pair.refreshToken } })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/reissue', { body: { refreshToken: pair.refreshToken } })).status).toBe(401);
    expect(await onOther('GET', PROFILE(user.id), pair.accessToken)).toMatchObject(SESSION_ENDED);
  });
});

describe('permissions take effect on the next call, without signing in again', () => {
  it('grants and revokes UPLOADER', async () => {
    const user = await signedInAccount(t, 'grantee@example.com', 'user');
    expect((await onOther('GET', '/api/uploads', user.token)).status).toBe(403);
    expect((await onOther('GET', '/api/auth/permissions', user.token)).body.data).toMatchObject({ rank: 5, uploader: false });

    expect((await t.call('POST', '/api/manual-permissions', { token: adminToken, body: { adminId: user.id, privType: 'UPLOADER' } })).body.result).toBe('SUCCESS');
    expect((await onOther('GET', '/api/uploads', user.token)).status).toBe(200);
    expect((await t.call('GET', '/api/uploads', { token: user.token })).status).toBe(200);
    expect((await onOther('GET', '/api/auth/permissions', user.token)).body.data).toMatchObject({ uploader: true });

    expect((await t.call('DELETE', `/api/manual-permissions/${user.id}`, { token: adminToken })).body.result).toBe('SUCCESS');
    expect((await onOther('GET', '/api/uploads', user.token)).status).toBe(403);
    expect((await onOther('GET', '/api/auth/permissions', user.token)).body.data).toMatchObject({ uploader: false });
  });

  it('follows a change of level and of the creator and approver flags made in the account editor', async () => {
    const user = await signedInAccount(t, 'promoted@example.com', 'user');
    expect((await onOther('GET', '/api/users', user.token)).status).toBe(403);
    expect((await onOther('GET', '/api/auth/permissions', user.token)).body.data).toEqual({
      rank: 5,
      level: 'USER',
      authorities: ['user'],
      uploader: false,
      creator: false,
      approver: false,
    });

    const saved = await t.call('PUT', `/api/users/${user.id}`, { token: adminToken, body: edit({ authority: 'local-admin', creatorFlag: 'Y', approverFlag: 'Y' }) });
    expect(saved.body.result).toBe('SUCCESS');
    expect((await onOther('GET', '/api/users', user.token)).status).toBe(200);
    expect((await onOther('GET', '/api/auth/permissions', user.token)).body.data).toEqual({
      rank: 4,
      level: 'LOCAL',
      authorities: ['local-admin', 'approval-admin'],
      uploader: false,
      creator: true,
      approver: true,
    });

    expect((await t.call('PUT', `/api/users/${user.id}`, { token: adminToken, body: edit({}) })).body.result).toBe('SUCCESS');
    expect((await onOther('GET', '/api/users', user.token)).status).toBe(403);
    expect((await onOther('GET', '/api/auth/permissions', user.token)).body.data).toMatchObject({ rank: 5, creator: false, approver: false });
  });

  it('answers the permissions endpoint only to a live session', async () => {
    expect((await t.call('GET', '/api/auth/permissions')).status).toBe(401);
  });
});
