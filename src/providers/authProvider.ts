import type { AuthProvider } from 'react-admin';
import type { LivePermissions } from '../shared/auth';
import type { TokenPair } from '../shared/envelope';
import { rankAllows } from '../shared/ranks';
import { httpClient, renewSession } from './httpClient';
import { isSessionExpired, readLoginSession } from './loginSession';
import { RESOURCE_RANK } from '../resources/registry';
import { SIGN_IN_PATH } from '../routes/paths';
import { currentNextPath, signInPath } from './signInRedirect';
import { clearStoredSession, readAccessToken, readRefreshToken, storeTokenPair } from './storedSession';

/**
 * What getPermissions resolves to; the route guard and the menu compare `rank` with a required rank,
 * screens read the flags (`uploader`, `creator`, `approver`) through usePermissions.
 */
export type ConsolePermissions = LivePermissions;

interface SessionError {
  status?: number;
  result?: string;
  text?: string;
  body?: { result?: string; resultMessage?: string };
}

export const authProvider: AuthProvider = {
  /** Called by the sign-in page with the token pair of a successful sign-in. */
  async login(tokens: TokenPair) {
    storeTokenPair(tokens);
  },

  /**
   * Revokes the session on the server when there is one; cleans up locally whatever the server says (SPEC §4).
   * react-admin also calls this when a signed-out person opens a protected page: the sign-in address
   * then carries that page, so signing in leads back to it. A sign-out the person chose starts afresh.
   */
  async logout(params?: { chosenByUser?: boolean }) {
    const refreshToken = readRefreshToken();
    if (refreshToken || readAccessToken()) {
      try {
        await httpClient.post('/auth/signout', refreshToken ? { refreshToken } : {}, { renewExpiredToken: false });
      } catch {
        // The session is forgotten locally even when the server cannot be told.
      }
    }
    clearStoredSession();
    return params?.chosenByUser ? SIGN_IN_PATH : signInPath({ next: currentNextPath() });
  },

  async checkAuth() {
    if (!isSessionExpired(readLoginSession())) return;
    if (readRefreshToken() && (await renewSession())) return;
    // Stale cookies would otherwise send the sign-in page straight back here.
    clearStoredSession();
    throw { redirectTo: signInPath({ next: currentNextPath() }), message: false };
  },

  /** Ends the session on a 401 that reached the UI (refresh failed, or the token was revoked); 403 only means "not this". */
  async checkError(error: SessionError) {
    if (error?.status !== 401) return;
    const result = error.body?.result ?? error.result;
    if (result === 'INVALID_CREDENTIALS') return;
    clearStoredSession();
    const notice = result === 'ADMIN_ACCESS_TOKEN_NOT_MATCHED' ? (error.body?.resultMessage ?? error.text) : undefined;
    throw { redirectTo: signInPath({ notice, next: currentNextPath() }), message: false };
  },

  async getIdentity() {
    const session = readLoginSession();
    if (session.loginYn === 'N' || session.userSeq === null) throw new Error('Not signed in');
    return { id: session.userSeq, fullName: session.userId };
  },

  /**
   * Asks the server: a grant or revoke made since sign-in shows without signing in again (the
   * token's claims are only as fresh as the token). The token's claims stand in when it cannot answer.
   */
  async getPermissions(params?: { signal?: AbortSignal }): Promise<ConsolePermissions> {
    const session = readLoginSession();
    const fromToken: ConsolePermissions = {
      rank: session.accountRank,
      level: session.accountLevel,
      authorities: session.authorities,
      uploader: session.uploaderYn === 'Y',
      creator: session.creatorYn === 'Y',
      approver: session.authorities.includes('approval-admin'),
    };
    if (session.loginYn === 'N') return fromToken;
    try {
      return (await httpClient.get<LivePermissions>('/auth/permissions', undefined, { signal: params?.signal })).data;
    } catch {
      return fromToken;
    }
  },

  /** By the rank the registry gives the resource (src/resources/registry.ts). */
  async canAccess({ resource }) {
    const requiredRank = RESOURCE_RANK[resource];
    return requiredRank !== undefined && rankAllows(requiredRank, readLoginSession().accountRank);
  },
};
