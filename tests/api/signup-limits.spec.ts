import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../server/config';
import { type TestApp, withTestApp } from './harness';

/** The limits a server runs with when nothing is configured. */
const { rateLimits } = defaultConfig({ jwtSecret: 'unused', secretsKeys: [], dataDir: 'unused' });

let t: TestApp;
withTestApp((app) => (t = app), { rateLimits });

function post(url: string, ip: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, remoteAddress: ip, payload });
}

/** A sign-up body that passes the schema but is refused later (no terms agreed), so each try only counts. */
async function signUpPayload(email: string) {
  const verificationToken = await t.app.ctx.tokens.signProof('signup-email', email, 30 * 60);
  return { verificationToken, password: 'Passw0rd!', firstName: 'Jane', lastName: 'Doe', company: 'HQ', region: 'APAC', office: 'KR', agreedTermVersionIds: [] };
}

describe('sign-up is throttled like the other unauthenticated routes (default limits)', () => {
  it('refuses the 11th try in a minute from one client at each sign-up route, while another client still gets through', async () => {
    const routes: [string, (n: number) => Promise<Record<string, unknown>>][] = [
      ['/api/auth/otp', async (n) => ({ email: `ip-otp-${n}@example.com` })],
      ['/api/auth/otp/verification', async (n) => ({ email: `ip-verify-${n}@example.com`, code: '123456' })],
      ['/api/auth/signup', (n) => signUpPayload(`ip-signup-${n}@example.com`)],
    ];
    for (const [url, payload] of routes) {
      for (let n = 1; n <= 10; n++) expect((await post(url, '10.9.0.1', await payload(n))).statusCode, `${url} try ${n}`).not.toBe(429);
      const eleventh = await post(url, '10.9.0.1', await payload(11));
      expect(eleventh.statusCode, url).toBe(429);
      expect(eleventh.json()).toEqual({ result: 'TOO_MANY_REQUESTS', resultMessage: expect.stringMatching(/^Too many attempts\. Please try again in /), data: null });
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(url, '10.9.0.2', await payload(12))).statusCode, url).not.toBe(429);
    }
  });

  it('refuses the 11th try for one e-mail even from eleven clients, at each sign-up route', async () => {
    const routes: [string, Record<string, unknown>][] = [
      ['/api/auth/otp', { email: 'spread-otp@example.com' }],
      ['/api/auth/otp/verification', { email: 'spread-verify@example.com', code: '123456' }],
      ['/api/auth/signup', await signUpPayload('spread-signup@example.com')],
    ];
    for (const [url, payload] of routes) {
      for (let n = 1; n <= 10; n++) expect((await post(url, `10.8.${n}.1`, payload)).statusCode, `${url} try ${n}`).not.toBe(429);
      const eleventh = await post(url, '10.8.11.1', payload);
      expect(eleventh.statusCode, url).toBe(429);
      expect(eleventh.json()).toMatchObject({
        result: 'TOO_MANY_REQUESTS',
        resultMessage: expect.stringMatching(/^Too many attempts for this e-mail address\. Please try again in \d+ minute\(s\)\.$/),
      });
    }
    // Another address from the same client is not held back.
    expect((await post('/api/auth/signup', '10.8.11.1', await signUpPayload('someone-else@example.com'))).statusCode).not.toBe(429);
  });
});
