// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { EXPIRED, SYSTEM_ADMIN_CLAIMS, signAccessToken, signTokenOfRank } from '../testing/accessTokens';
import { clearCookies, envelope, stubFetch } from '../testing/fetchStub';
import { RESOURCE_RANK } from '../resources/registry';
import { createAuthProvider } from './authProvider';
import { readCookie, writeCookie } from './cookies';
import { registerSignInNavigator } from './signInRedirect';

beforeEach(() => {
  clearCookies();
  sessionStorage.clear();
  registerSignInNavigator(vi.fn());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const authProvider = createAuthProvider(RESOURCE_RANK);
const canAccess = (resource: string) => authProvider.canAccess!({ resource, action: 'list' });

describe('permissions and identity', () => {
  it('a guest is rank 10 / GUEST, has no identity and can access no resource', async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS') }));
    expect(await authProvider.getPermissions!({})).toEqual({ rank: 10, level: 'GUEST', authorities: [], uploader: false, creator: false, approver: false });
    expect(calls).toEqual([]);
    await expect(authProvider.getIdentity!()).rejects.toThrow();
    expect(await canAccess('projects')).toBe(false);
  });

  it('reads identity from the access token cookie, and permissions from it when the server cannot answer', async () => {
    writeCookie('accessToken', await signAccessToken(SYSTEM_ADMIN_CLAIMS, { subject: 'ada@example.com' }));
    expect(await authProvider.getIdentity!()).toEqual({ id: 7, fullName: 'ada@example.com', email: 'ada@example.com', level: 'SYSTEM' });
    stubFetch(() => ({ status: 500, body: envelope('INTERNAL_ERROR') }));
    expect(await authProvider.getPermissions!({})).toEqual({ rank: 1, level: 'SYSTEM', authorities: ['system-admin'], uploader: true, creator: false, approver: false });
  });

  it('asks the server for the permissions, so a grant or revoke since sign-in shows without signing in again', async () => {
    writeCookie('accessToken', await signTokenOfRank(5, 'USER'));
    const live = { rank: 4, level: 'LOCAL', authorities: ['local-admin', 'approval-admin'], uploader: false, creator: true, approver: true };
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', live) }));
    expect(await authProvider.getPermissions!({})).toEqual(live);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/permissions']);
  });

  it('canAccess reads the same live answer as getPermissions, asking the server once for many resources', async () => {
    writeCookie('accessToken', await signTokenOfRank(5, 'USER'));
    const live = { rank: 4, level: 'LOCAL', authorities: ['local-admin'], uploader: false, creator: false, approver: false };
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', live) }));
    await authProvider.getPermissions!({});
    // The token says USER (no Users screen); the server's answer, a LOCAL admin, decides.
    expect(await canAccess('users')).toBe(true);
    expect(await canAccess('collect-configs')).toBe(false);
    expect(calls).toHaveLength(1);
    // A new token (a renewal, another account) is asked about afresh.
    writeCookie('accessToken', await signTokenOfRank(2, 'GLOBAL'));
    stubFetch(() => ({ body: envelope('SUCCESS', { ...live, rank: 2, level: 'GLOBAL' }) }));
    expect(await canAccess('collect-configs')).toBe(true);
  });

  it.each([
    [1, 'SYSTEM', { projects: true, 'collect-configs': true, users: true, 'system-logs': true, domains: true }],
    [2, 'GLOBAL', { projects: true, 'collect-configs': true, users: true, 'system-logs': false, domains: false }],
    [4, 'LOCAL', { projects: true, 'collect-configs': false, users: true, 'system-logs': false, domains: false }],
    [5, 'USER', { projects: true, 'collect-configs': false, users: false, 'system-logs': false, domains: false }],
  ])('canAccess by rank %i (%s)', async (rank, level, expected) => {
    writeCookie('accessToken', await signTokenOfRank(rank, level));
    for (const [resource, allowed] of Object.entries(expected)) {
      expect([resource, await canAccess(resource)]).toEqual([resource, allowed]);
    }
    expect(await canAccess('no-such-resource')).toBe(false);
    // A nested resource takes its parent's rank.
    expect(await canAccess('terms/7/agreements')).toBe(expected.domains);
    expect(await canAccess('explorer/3/rows')).toBe(true);
  });

  it('canAccess knows only the ranks it is given (App passes the declarations’ table)', async () => {
    writeCookie('accessToken', await signTokenOfRank(4, 'LOCAL'));
    const given = createAuthProvider({ holidays: 4, 'system-logs': 1 });
    const allowed = (resource: string) => given.canAccess!({ resource, action: 'list' });
    expect([await allowed('holidays'), await allowed('holidays/3'), await allowed('system-logs'), await allowed('projects')]).toEqual([true, true, false, false]);
    expect(await createAuthProvider({}).canAccess!({ resource: 'projects', action: 'list' })).toBe(false);
  });
});

describe('checkAuth', () => {
  it('passes with a live access token and rejects to /sign-in without one', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/sign-in' });
    writeCookie('accessToken', await signTokenOfRank(5, 'USER'));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('renews an expired access token with the refresh token before deciding', async () => {
    const fresh = await signTokenOfRank(5, 'USER');
    writeCookie('accessToken', await signTokenOfRank(5, 'USER', { expiresIn: EXPIRED() }));
    writeCookie('refreshToken', 'refresh-token-1');
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { accessToken: fresh, refreshToken: 'refresh-token-2' }) }));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/reissue']);
    expect(readCookie('accessToken')).toBe(fresh);
  });

  it('rejects and forgets an expired session whose renewal fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    writeCookie('accessToken', await signTokenOfRank(5, 'USER', { expiresIn: EXPIRED() }));
    writeCookie('refreshToken', 'refresh-token-1');
    stubFetch(() => ({ status: 401, body: envelope('ADMIN_ACCESS_TOKEN_NOT_MATCHED') }));
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/sign-in' });
    expect(readCookie('refreshToken')).toBeUndefined();
  });
});

describe('checkError', () => {
  it('ignores a 403: no logout', async () => {
    writeCookie('accessToken', 'token');
    await expect(authProvider.checkError(new HttpError('FORBIDDEN', 403, { result: 'FORBIDDEN' }))).resolves.toBeUndefined();
    expect(readCookie('accessToken')).toBe('token');
  });

  it('ends the session on a revoked token and carries the message to sign-in', async () => {
    writeCookie('accessToken', 'token');
    writeCookie('tableauId', 'viewer');
    const error = new HttpError('x', 401, { result: 'ADMIN_ACCESS_TOKEN_NOT_MATCHED', resultMessage: 'Session revoked' });
    await expect(authProvider.checkError(error)).rejects.toMatchObject({ redirectTo: '/sign-in?notice=Session+revoked' });
    expect(readCookie('accessToken')).toBeUndefined();
    expect(readCookie('tableauId')).toBeUndefined();
  });

  it('does not log out for wrong credentials', async () => {
    await expect(authProvider.checkError(new HttpError('x', 401, { result: 'INVALID_CREDENTIALS' }))).resolves.toBeUndefined();
  });
});

describe('logout', () => {
  async function signedIn() {
    writeCookie('accessToken', await signTokenOfRank(5, 'USER'));
    writeCookie('refreshToken', 'refresh-token-1');
    writeCookie('tableauId', 'viewer');
    sessionStorage.setItem('otpVerified', 'Y');
    sessionStorage.setItem('otpToken', 'otp-token');
  }
  function expectSignedOut() {
    expect(readCookie('accessToken')).toBeUndefined();
    expect(readCookie('refreshToken')).toBeUndefined();
    expect(readCookie('tableauId')).toBeUndefined();
    expect(sessionStorage.getItem('otpVerified')).toBeNull();
    expect(sessionStorage.getItem('otpToken')).toBeNull();
  }

  it('calls sign-out with the refresh token, then cleans up and returns /sign-in', async () => {
    await signedIn();
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS') }));
    expect(await authProvider.logout({})).toBe('/sign-in');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/auth/signout', method: 'POST', body: { refreshToken: 'refresh-token-1' } });
    expectSignedOut();
  });

  it('cleans up even when sign-out fails', async () => {
    await signedIn();
    stubFetch(() => ({ status: 500, body: envelope('INTERNAL_ERROR') }));
    expect(await authProvider.logout({})).toBe('/sign-in');
    expectSignedOut();

    await signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await authProvider.logout({})).toBe('/sign-in');
    expectSignedOut();
  });

  it('keeps the page a signed-out visit asked for in the sign-in address, but not after a chosen sign-out', async () => {
    window.history.replaceState(null, '', '/project/detail/3?tab=plans');
    try {
      expect(await authProvider.logout({})).toBe('/sign-in?next=%2Fproject%2Fdetail%2F3%3Ftab%3Dplans');
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/sign-in?next=%2Fproject%2Fdetail%2F3%3Ftab%3Dplans' });
      await signedIn();
      stubFetch(() => ({ body: envelope('SUCCESS') }));
      expect(await authProvider.logout({ chosenByUser: true })).toBe('/sign-in');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
