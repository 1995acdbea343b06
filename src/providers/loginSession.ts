import { jwtDecode } from 'jwt-decode';
import type { AccessTokenClaims } from '../shared/auth';
import { AUTHORITY_RANKS, GUEST_LEVEL, GUEST_RANK, authorityOf, type Authority } from '../shared/ranks';
import { readAccessToken } from './storedSession';
import type { YesNo } from '../shared/fields';

/** The browser's view of who is signed in, read from the access token. */
export interface LoginSession {
  loginYn: YesNo;
  userId: string;
  userSeq: number | null;
  authorities: string[];
  projectAuth: string[];
  region: string | null;
  local: string[];
  role: string;
  uploaderYn: YesNo;
  creatorYn: YesNo;
  approved: YesNo;
  accountRank: number;
  accountLevel: string;
  /** Expiry in epoch seconds; 0 for a guest. */
  expiresAt: number;
}

export const GUEST_SESSION: LoginSession = Object.freeze({
  loginYn: 'N',
  userId: '',
  userSeq: null,
  authorities: [],
  projectAuth: [],
  region: null,
  local: [],
  role: '',
  uploaderYn: 'N',
  creatorYn: 'N',
  approved: 'N',
  accountRank: GUEST_RANK,
  accountLevel: GUEST_LEVEL,
  expiresAt: 0,
}) as LoginSession;

const yesNo = (flag: unknown): YesNo => (flag === true || flag === 'Y' ? 'Y' : 'N');
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Highest privilege among the known authorities, for tokens that carry no accountRank. */
function rankOfAuthorities(authorities: string[]): number {
  const ranks = authorities.filter((name): name is Authority => name in AUTHORITY_RANKS).map((name) => AUTHORITY_RANKS[name].rank);
  return ranks.length ? Math.min(...ranks) : GUEST_RANK;
}

/** Decodes without verifying: the server verifies every call; the browser only needs the claims to shape the UI. */
export function decodeLoginSession(token: string | undefined): LoginSession {
  if (!token) return GUEST_SESSION;
  let claims: Partial<AccessTokenClaims>;
  try {
    claims = jwtDecode<Partial<AccessTokenClaims>>(token);
  } catch {
    return GUEST_SESSION;
  }
  const authorities = list(claims.authorities);
  const accountRank = typeof claims.accountRank === 'number' ? claims.accountRank : rankOfAuthorities(authorities);
  const knownAuthority = authorityOf(accountRank);
  return {
    loginYn: 'Y',
    userId: claims.sub ?? '',
    userSeq: typeof claims['user-id'] === 'number' ? claims['user-id'] : null,
    authorities,
    projectAuth: list(claims.projectAuth),
    region: claims.region ?? null,
    local: list(claims.local),
    role: claims.role ?? '',
    uploaderYn: yesNo(claims.isUploader),
    creatorYn: yesNo(claims.isCreator),
    approved: yesNo(claims.approved),
    accountRank,
    accountLevel: claims.accountLevel ?? (knownAuthority ? AUTHORITY_RANKS[knownAuthority].level : GUEST_LEVEL),
    expiresAt: typeof claims.exp === 'number' ? claims.exp : 0,
  };
}

export function isSessionExpired(session: LoginSession, nowMs = Date.now()): boolean {
  return session.loginYn === 'N' || session.expiresAt * 1000 <= nowMs;
}

export function readLoginSession(): LoginSession {
  return decodeLoginSession(readAccessToken());
}
