import { errors, jwtVerify, SignJWT } from 'jose';
import type { AccessTokenClaims } from '../../src/shared';
import { AUTHORITY_RANKS, type Authority } from '../../src/shared';
import type { AdminsTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { BoundedMap } from '../bounded-map';
import { AppError } from '../http/app-error';
import { sentence } from '../../src/i18n/serverMessage';

type Admin = Selectable<AdminsTable>;

/** Verified access tokens kept, oldest dropped first (one per signed-in browser tab, renewed every few minutes). */
const VERIFIED_TOKENS = 10_000;

/** Short-lived signed tokens: the access token and single-purpose proofs (verified e-mail, terms, a link: server/links). */
export type ProofPurpose = 'signup-email' | 'terms' | 'initial-password' | 'link';

export interface TokenService {
  signAccessToken(admin: Admin, sessionId: string, countries: string[]): Promise<string>;
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
  signProof(purpose: ProofPurpose, subject: string, ttlSeconds: number, extra?: Record<string, unknown>): Promise<string>;
  verifyProof(purpose: ProofPurpose, token: string): Promise<{ sub: string } & Record<string, unknown>>;
}

export function tokenService(secret: string, accessTtlSeconds: number, now: () => Date): TokenService {
  // Imported once: given raw bytes, jose imports the key again on every sign and verify (about half
  // of a verification's cost).
  const cryptoKey = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const seconds = () => Math.floor(now().getTime() / 1000);
  // A signature verified once stays verified until the token expires: WebCrypto's HMAC was 13 % of
  // an authenticated call's CPU. Revocation is the session check's job, not this one's.
  const verified = new BoundedMap<string, AccessTokenClaims>(VERIFIED_TOKENS);
  return {
    async signAccessToken(admin, sessionId, countries) {
      const authority = admin.authority as Authority;
      return new SignJWT({
        'user-id': admin.id,
        sid: sessionId,
        authorities: [authority, ...(admin.approver_flag === 'Y' ? ['approval-admin'] : [])],
        role: authority,
        projectAuth: [],
        region: admin.region_code,
        local: countries,
        approved: admin.approval_status_code === 'APPROVED' ? 'Y' : 'N',
        isUploader: admin.uploader_flag === 'Y',
        isCreator: admin.creator_flag === 'Y',
        accountRank: AUTHORITY_RANKS[authority]?.rank ?? admin.account_rank,
        accountLevel: AUTHORITY_RANKS[authority]?.level ?? admin.account_level,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(admin.email)
        .setAudience('console')
        .setIssuedAt(seconds())
        .setExpirationTime(seconds() + accessTtlSeconds)
        .sign(await cryptoKey);
    },
    async verifyAccessToken(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp > seconds()) return known;
        verified.delete(token);
        throw new AppError('TOKEN_UNAUTHORIZED', sentence('auth.theAccessTokenHasExpired'));
      }
      try {
        const { payload } = await jwtVerify(token, await cryptoKey, { audience: 'console', algorithms: ['HS256'], currentDate: now() });
        const claims = payload as unknown as AccessTokenClaims;
        verified.set(token, claims);
        return claims;
      } catch (error) {
        const expired = error instanceof errors.JWTExpired;
        throw new AppError('TOKEN_UNAUTHORIZED', expired ? sentence('auth.theAccessTokenHasExpired') : sentence('auth.theAccessTokenIsNot'));
      }
    },
    async signProof(purpose, subject, ttlSeconds, extra = {}) {
      return new SignJWT({ ...extra, purpose })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject)
        .setAudience(`console:${purpose}`)
        .setIssuedAt(seconds())
        .setExpirationTime(seconds() + ttlSeconds)
        .sign(await cryptoKey);
    },
    async verifyProof(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, await cryptoKey, { audience: `console:${purpose}`, algorithms: ['HS256'], currentDate: now() });
        return payload as { sub: string } & Record<string, unknown>;
      } catch {
        return Promise.reject(
          new AppError('VALIDATION_ERROR', sentence('auth.thisVerificationHasExpiredOr2'), {
            errors: [{ field: 'verificationToken', message: 'Expired or not valid' }],
          }),
        );
      }
    },
  };
}
