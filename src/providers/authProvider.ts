import type { AuthProvider } from 'react-admin';
import type { LivePermissions, livePermissionsResponse } from '../shared/auth';
import type { TokenPair } from '../shared/envelope';
import { rankAllows } from '../shared/ranks';
import { httpClient, renewSession } from './httpClient';
import { isSessionExpired, readLoginSession } from './loginSession';
import { SIGN_IN_PATH } from '../shared/paths';
import { currentNextPath, sessionEndNotice, signInPath } from './signInRedirect';
import { clearStoredSession, readAccessToken, readRefreshToken, storeTokenPair } from './storedSession';

/**
 * What getPermissions resolves to; the route guard and the menu compare `rank` with a required rank,
 * screens read the flags (`uploader`, `creator`, `approver`) through usePermissions.
 */
export type ConsolePermissions = LivePermissions;

/** What getIdentity resolves to: the signed-in account as its token names it. */
export interface ConsoleIdentity {
  id: number;
  /** The sign-in e-mail, shown as the account's name. */
  fullName: string;
  email: string;
  /** The rank's level name, shown in My Profile. */
  level: string;
}

/**
 * The last permissions answer for the stored access token. getPermissions asks the server afresh
 * and leaves its answer here; canAccess, asked once per menu entry and screen, reuses it, so the
 * menu, the route guard and the screens all read the same answer.
 */
let lastPermissions: { token: string | undefined; answer: Promise<ConsolePermissions> } | undefined;

function fetchPermissions(signal?: AbortSignal): Promise<ConsolePermissions> {
  const token = readAccessToken();
  const session = readLoginSession();
  const fromToken: ConsolePermissions = {
    rank: session.accountRank,
    level: session.accountLevel,
    authorities: session.authorities,
    uploader: session.uploaderYn === 'Y',
    creator: session.creatorYn === 'Y',
    approver: session.authorities.includes('approval-admin'),
  };
  const answer =
    session.loginYn === 'N'
      ? Promise.resolve(fromToken)
      : httpClient.get<typeof livePermissionsResponse>('/auth/permissions', undefined, { signal }).then(
          ({ data }) => data,
          // The token's claims stand in when the server cannot answer; an aborted ask is not remembered.
          () => {
            if (signal?.aborted && lastPermissions?.answer === answer) lastPermissions = undefined;
            return fromToken;
          },
        );
  lastPermissions = { token, answer };
  return answer;
}

interface SessionError {
  status?: number;
  result?: string;
  text?: string;
  body?: { result?: string; resultMessage?: string; data?: unknown };
  data?: unknown;
}

/** Everything but canAccess: the session, identity and permissions, the same for every screen. */
const sessionMethods: Pick<AuthProvider, 'login' | 'logout' | 'checkAuth' | 'checkError' | 'getIdentity' | 'getPermissions'> = {
  /** Called by the sign-in page with the token pair of a successful sign-in. */
  async login(tokens: TokenPair) {
    storeTokenPair(tokens);
  },

  /**
   * Revokes the session on the server when there is one; cleans up locally whatever the server says.
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
    const notice = result === 'ADMIN_ACCESS_TOKEN_NOT_MATCHED' ? sessionEndNotice({ data: error.body?.data ?? error.data, text: error.body?.resultMessage ?? error.text }) : undefined;
    throw { redirectTo: signInPath({ notice, next: currentNextPath() }), message: false };
  },

  async getIdentity(): Promise<ConsoleIdentity> {
    const session = readLoginSession();
    if (session.loginYn === 'N' || session.userSeq === null) throw new Error('Not signed in');
    return { id: session.userSeq, fullName: session.userId, email: session.userId, level: session.accountLevel };
  },

  /**
   * Asks the server: a grant or revoke made since sign-in shows without signing in again (the
   * token's claims are only as fresh as the token). The token's claims stand in when it cannot answer.
   */
  getPermissions: (params?: { signal?: AbortSignal }) => fetchPermissions(params?.signal),
};

/** The rank each API resource requires, by name; the resource declarations give it (src/resources/registry.ts). */
export type RequiredRanks = Readonly<Record<string, number>>;

/**
 * The console's auth provider. canAccess compares the rank `requiredRanks` gives a resource with
 * the last permissions answer; App passes the table its resource declarations build, so this
 * module knows no resource and what the sign-in page loads holds no registry.
 */
export function createAuthProvider(requiredRanks: RequiredRanks): AuthProvider {
  return { ...sessionMethods, canAccess: ({ resource }) => canAccessBy(requiredRanks, resource) };
}

/**
 * A nested resource (`terms/7/agreements`, `explorer/3/rows`) takes its parent's rank; one no
 * declaration names is refused. The server still decides which records each person reads.
 */
async function canAccessBy(requiredRanks: RequiredRanks, resource: string): Promise<boolean> {
  const requiredRank = requiredRanks[resource.split('/')[0]];
  if (requiredRank === undefined) return false;
  const remembered = lastPermissions;
  const current = remembered && remembered.token === readAccessToken() ? remembered.answer : fetchPermissions();
  return rankAllows(requiredRank, (await current).rank);
}
