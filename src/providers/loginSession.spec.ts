import { describe, expect, it } from 'vitest';
import { EXPIRED, SYSTEM_ADMIN_CLAIMS, signAccessToken } from '../testing/accessTokens';
import { GUEST_SESSION, decodeLoginSession, isSessionExpired } from './loginSession';

describe('decodeLoginSession', () => {
  it('maps the access token claims onto the login session', async () => {
    const token = await signAccessToken(SYSTEM_ADMIN_CLAIMS, { subject: 'ada@example.com' });
    const session = decodeLoginSession(token);
    expect(session).toMatchObject({
      loginYn: 'Y',
      userId: 'ada@example.com',
      userSeq: 7,
      authorities: ['system-admin'],
      projectAuth: ['VIEWER'],
      region: 'APAC',
      local: ['KR', 'JP'],
      role: 'ADMIN',
      uploaderYn: 'Y',
      creatorYn: 'N',
      approved: 'Y',
      accountRank: 1,
      accountLevel: 'SYSTEM',
    });
    expect(isSessionExpired(session)).toBe(false);
  });

  it('is a guest session of rank 10 and level GUEST without a token or with a broken one', () => {
    for (const token of [undefined, '', 'not-a-jwt', 'a.b.c']) {
      expect(decodeLoginSession(token)).toEqual(GUEST_SESSION);
    }
    expect(GUEST_SESSION).toMatchObject({ loginYn: 'N', accountRank: 10, accountLevel: 'GUEST' });
    expect(isSessionExpired(GUEST_SESSION)).toBe(true);
  });

  it('derives rank and level from the authorities when the token carries no accountRank', async () => {
    const { accountRank: _rank, accountLevel: _level, ...claims } = SYSTEM_ADMIN_CLAIMS;
    const token = await signAccessToken({ ...claims, authorities: ['user', 'local-admin', 'signup'] });
    expect(decodeLoginSession(token)).toMatchObject({ accountRank: 4, accountLevel: 'LOCAL' });
  });

  it('reads an expired token but reports it expired', async () => {
    const session = decodeLoginSession(await signAccessToken(SYSTEM_ADMIN_CLAIMS, { expiresIn: EXPIRED() }));
    expect(session.loginYn).toBe('Y');
    expect(isSessionExpired(session)).toBe(true);
  });
});
