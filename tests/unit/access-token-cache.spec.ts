import { describe, expect, it } from 'vitest';
import { tokenService } from '../../server/auth/tokens';
import { sentence } from '../../src/i18n/serverMessage';
import type { AdminsTable } from '../../server/db/schema';
import type { Selectable } from 'kysely';

const admin = {
  id: 7,
  email: 'cache@example.com',
  authority: 'admin',
  approver_flag: 'N',
  region_code: 'KR',
  approval_status_code: 'APPROVED',
  uploader_flag: 'N',
  creator_flag: 'N',
  account_rank: 3,
  account_level: 2,
} as unknown as Selectable<AdminsTable>;

describe('verified access tokens are remembered until they expire', () => {
  it('answers a second verification from memory, and refuses it once the token has expired', async () => {
    let now = new Date('2026-11-27T00:00:00Z');
    const tokens = tokenService('a-secret-long-enough-for-hs256-0123456789', 60, () => now);
    const token = await tokens.signAccessToken(admin, 'session-1', []);
    const first = await tokens.verifyAccessToken(token);
    expect(first.sid).toBe('session-1');
    expect(await tokens.verifyAccessToken(token)).toBe(first);

    now = new Date(now.getTime() + 61_000);
    await expect(tokens.verifyAccessToken(token)).rejects.toMatchObject({ result: 'TOKEN_UNAUTHORIZED', message: sentence('auth.theAccessTokenHasExpired') });
  });

  it('never takes a forged signature for the genuine token it has remembered, nor remembers the forgery', async () => {
    const now = new Date('2026-11-27T00:00:00Z');
    const tokens = tokenService('a-secret-long-enough-for-hs256-0123456789', 60, () => now);
    const token = await tokens.signAccessToken(admin, 'session-1', []);
    // The genuine token is verified first, so a cache that keyed on the claims (header and payload)
    // rather than the whole token would answer the forgery below from memory.
    const genuine = await tokens.verifyAccessToken(token);
    const [header, payload, signature] = token.split('.');
    const forgedSignatures = [`${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`, '', signature.split('').reverse().join('')];
    for (const forgedSignature of forgedSignatures) {
      const forged = `${header}.${payload}.${forgedSignature}`;
      for (let attempt = 0; attempt < 2; attempt++) {
        await expect(tokens.verifyAccessToken(forged)).rejects.toMatchObject({ result: 'TOKEN_UNAUTHORIZED', message: sentence('auth.theAccessTokenIsNot') });
      }
    }
    expect(await tokens.verifyAccessToken(token)).toBe(genuine);
  });
});
