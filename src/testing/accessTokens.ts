import { SignJWT } from 'jose';
import type { AccessTokenClaims } from '../shared';

// A CryptoKey rather than bytes: under jsdom, jose's instanceof check fails for the test realm's Uint8Array.
const key = crypto.subtle.importKey('raw', new TextEncoder().encode('test-signing-key-of-at-least-32-bytes!'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

export const SYSTEM_ADMIN_CLAIMS: Omit<AccessTokenClaims, 'exp' | 'sub'> = {
  'user-id': 7,
  sid: 'session-1',
  authorities: ['system-admin'],
  role: 'ADMIN',
  projectAuth: ['VIEWER'],
  region: 'APAC',
  local: ['KR', 'JP'],
  approved: 'Y',
  isUploader: true,
  isCreator: false,
  accountRank: 1,
  accountLevel: 'SYSTEM',
};

/** A real HS256 access token, as the server would issue it (docs/security.md). */
export async function signAccessToken(claims: Record<string, unknown>, { subject = 'admin@example.com', expiresIn = '15m' as string | number } = {}): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(await key);
}

/** An access token of the given rank with otherwise ordinary claims. */
export function signTokenOfRank(accountRank: number, accountLevel: string, options?: { expiresIn?: string | number }) {
  return signAccessToken({ ...SYSTEM_ADMIN_CLAIMS, accountRank, accountLevel }, options);
}

/** An epoch-seconds expiry in the past, for expired tokens. */
export const EXPIRED = () => Math.floor(Date.now() / 1000) - 60;
