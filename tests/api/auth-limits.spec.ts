import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHasher } from '../../server/auth/passwords';
import { defaultConfig, type AppConfig } from '../../server/config';
import { clientOf } from '../../server/http/rate-limits';
import { insertAccount, type TestApp, withTestApp } from './harness';
import { redisAnswers } from '../fakes/redis-answers';

// The limits count what an attacker needs (failed passwords and codes, mails
// sent), per client and per account, so thirty people behind one address can all sign in.

/** The limits a server runs with when nothing is configured: 10 per client a minute, 10 per account in 15 minutes. */
const { rateLimits } = defaultConfig({ jwtSecret: 'unused', secretsKeys: [], dataDir: 'unused' });
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Passw0rd!';
const TOO_MANY_FROM_CLIENT = { result: 'TOO_MANY_REQUESTS', resultMessage: expect.stringMatching(/^Too many attempts\. Please try again in 1 minute\(s\)\.$/), data: null };
const TOO_MANY_FOR_ACCOUNT = { result: 'TOO_MANY_REQUESTS', resultMessage: expect.stringMatching(/^Too many attempts for this e-mail address\. Please try again in \d+ minute\(s\)\.$/), data: null };

function limitsSuite(where: string, overrides: () => Partial<AppConfig>) {
  describe(`auth limits count failures and mails, not successes (${where})`, () => {
    let t: TestApp;
    let passwordHash: string;
    let termVersionIds: number[];
    let offeredTerms: number[];
    withTestApp(
      (app) => (t = app),
      () => ({ rateLimits, ...overrides() }),
    );
    beforeAll(async () => {
      passwordHash = await passwordHasher(t.config.passwordHash).hash(PASSWORD);
      termVersionIds = (await t.db.selectFrom('term_versions').select('id').execute()).map((row) => row.id);
      offeredTerms = (await t.call('GET', '/api/auth/terms')).body.data.map((term: { termVersionId: number }) => term.termVersionId);
    });

    function post(url: string, ip: string, payload: Record<string, unknown>) {
      return t.app.inject({ method: url.startsWith('PUT ') ? 'PUT' : 'POST', url: url.replace(/^PUT /, ''), remoteAddress: ip, payload });
    }

    let accounts = 0;
    /** An approved account that has agreed to every term, so its sign-in ends in SUCCESS. */
    async function account(): Promise<string> {
      const email = `member-${++accounts}@example.com`;
      const id = await insertAccount(t, { email, password_hash: passwordHash });
      const agreedAt = t.clock.now().toISOString();
      await t.db
        .insertInto('term_agreements')
        .values(termVersionIds.map((term_version_id) => ({ admin_id: id, term_version_id, agreed_at: agreedAt })))
        .execute();
      return email;
    }

    let elsewhere = 0;
    /** A client of its own, for the steps a case needs before the one it counts. */
    const otherClient = () => `10.200.${Math.floor(++elsewhere / 250)}.${(elsewhere % 250) + 1}`;

    async function signUpBody(email: string, agreedTermVersionIds: number[]) {
      const verificationToken = await t.app.ctx.tokens.signProof('signup-email', email, 30 * 60);
      return { verificationToken, password: PASSWORD, firstName: 'Jane', lastName: 'Doe', company: 'HQ', region: 'APAC', office: 'KR', agreedTermVersionIds };
    }

    async function challenge(email: string): Promise<string> {
      const reply = await post('/api/auth/signin', otherClient(), { email, password: PASSWORD });
      expect(reply.json().result).toBe('OTP_REQUIRED');
      return reply.json().data.challengeToken;
    }

    it('lets thirty people behind one address sign in within a minute, password and code', async () => {
      const office = '10.60.0.1';
      for (let n = 1; n <= 30; n++) {
        const email = await account();
        const password = await post('/api/auth/signin', office, { email, password: PASSWORD });
        expect(password.json().result, `person ${n}, password`).toBe('OTP_REQUIRED');
        const code = await post('/api/auth/signin/otp', office, { challengeToken: password.json().data.challengeToken, code: await t.lastCode(email) });
        expect(code.json().result, `person ${n}, code`).toBe('SUCCESS');
      }
    });

    it("refuses an attacker's 11th failed password in a minute from one address with 429, even the right one then; another address still gets through", async () => {
      const attacker = '10.61.0.1';
      for (let n = 1; n <= 10; n++) expect((await post('/api/auth/signin', attacker, { email: `guess-${n}@example.com`, password: 'Wrong#123' })).statusCode).toBe(401);
      const eleventh = await post('/api/auth/signin', attacker, { email: 'guess-11@example.com', password: 'Wrong#123' });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual(TOO_MANY_FROM_CLIENT);
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
      const email = await account();
      expect((await post('/api/auth/signin', attacker, { email, password: PASSWORD })).statusCode).toBe(429);
      expect((await post('/api/auth/signin', '10.61.0.2', { email, password: PASSWORD })).json().result).toBe('OTP_REQUIRED');
    });

    it("refuses the 11th failed password for one account from eleven addresses, and the account's owner too", async () => {
      const email = await account();
      for (let n = 1; n <= 10; n++) expect((await post('/api/auth/signin', `10.62.${n}.1`, { email, password: 'Wrong#123' })).statusCode).toBe(401);
      const eleventh = await post('/api/auth/signin', '10.62.11.1', { email, password: 'Wrong#123' });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual(TOO_MANY_FOR_ACCOUNT);
      expect((await post('/api/auth/signin', '10.62.12.1', { email: 'someone-else@example.com', password: 'Wrong#123' })).statusCode).toBe(401);
    });

    it('counts parallel failures as they arrive: of twenty wrong passwords at once from one address, ten are checked', async () => {
      const replies = await Promise.all(Array.from({ length: 20 }, (_, n) => post('/api/auth/signin', '10.63.0.1', { email: `burst-${n}@example.com`, password: 'Wrong#123' })));
      const statuses = replies.map((reply) => reply.statusCode).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    });

    it("refuses the 11th failed code for one account from eleven addresses (the code step's account is its challenge's)", async () => {
      const email = await account();
      let token = '';
      for (let n = 1; n <= 10; n++) {
        if (n % 5 === 1) token = await challenge(email); // a code takes five tries
        expect((await post('/api/auth/signin/otp', `10.64.${n}.1`, { challengeToken: token, code: '000000' })).statusCode, `try ${n}`).toBe(400);
      }
      const eleventh = await post('/api/auth/signin/otp', '10.64.11.1', { challengeToken: await challenge(email), code: '000000' });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual(TOO_MANY_FOR_ACCOUNT);
    });

    // Every route that checks a secret counts only its failures: twelve successes from one client
    // leave it ten failures; the 11th failure is refused.
    const checks: { route: string; url: string; success: () => Promise<Record<string, unknown>>; failure: (n: number) => Promise<Record<string, unknown>> }[] = [
      {
        route: 'sign-in password',
        url: '/api/auth/signin',
        success: async () => ({ email: await account(), password: PASSWORD }),
        failure: async (n) => ({ email: `wrong-password-${n}@example.com`, password: 'Wrong#123' }),
      },
      {
        route: 'sign-in code',
        url: '/api/auth/signin/otp',
        success: async () => {
          const email = await account();
          return { challengeToken: await challenge(email), code: await t.lastCode(email) };
        },
        failure: async () => ({ challengeToken: await challenge(await account()), code: '000000' }),
      },
      {
        route: 'sign-up code',
        url: '/api/auth/otp/verification',
        success: async () => {
          const email = `verify-${randomBytes(4).toString('hex')}@example.com`;
          expect((await post('/api/auth/otp', otherClient(), { email })).statusCode).toBe(200);
          return { email, code: await t.lastCode(email) };
        },
        failure: async (n) => ({ email: `no-code-${n}@example.com`, code: '000000' }),
      },
      {
        route: 'sign-up',
        url: '/api/auth/signup',
        success: async () => signUpBody(`applicant-${randomBytes(4).toString('hex')}@example.com`, offeredTerms),
        failure: async (n) => signUpBody(`no-terms-${n}@example.com`, []),
      },
      {
        route: 'reset set',
        url: 'PUT /api/auth/password/reset',
        success: async () => {
          const email = await account();
          expect((await post('/api/auth/password/reset', otherClient(), { email })).statusCode).toBe(200);
          const token = (await t.lastMail(email))!.body_text.match(/\/new-password\/([\w-]+)/)![1];
          return { token, password: 'New#pass22' };
        },
        failure: async () => ({ token: randomBytes(32).toString('base64url'), password: 'New#pass22' }),
      },
    ];

    it.each(checks.map((check, index) => ({ ...check, ip: `10.65.${index}.1` })))('$route: successes do not count, the 11th failure is refused', async ({ url, ip, success, failure }) => {
      for (let n = 1; n <= 12; n++) {
        const reply = await post(url, ip, await success());
        expect(reply.statusCode, `success ${n}: ${reply.body}`).toBe(200);
      }
      for (let n = 1; n <= 10; n++) {
        const reply = await post(url, ip, await failure(n));
        expect(reply.statusCode, `failure ${n}`).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode, `failure ${n}`).not.toBe(429);
      }
      const eleventh = await post(url, ip, await failure(11));
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual(TOO_MANY_FROM_CLIENT);
    });

    // Every route that mails someone counts each try, per client (and per account: hardening, signup-limits).
    const sends: { route: string; url: string; payload: () => Promise<Record<string, unknown>> }[] = [
      { route: 'sign-up code send', url: '/api/auth/otp', payload: async () => ({ email: `send-${randomBytes(4).toString('hex')}@example.com` }) },
      { route: 'reset link request', url: '/api/auth/password/reset', payload: async () => ({ email: await account() }) },
      { route: 'sign-in code resend', url: '/api/auth/signin/otp/resend', payload: async () => ({ challengeToken: await challenge(await account()) }) },
    ];

    it.each(sends.map((send, index) => ({ ...send, ip: `10.66.${index}.1` })))('$route: the 11th mail from one client in a minute is refused', async ({ url, ip, payload }) => {
      for (let n = 1; n <= 10; n++) expect((await post(url, ip, await payload())).statusCode, `send ${n}`).toBe(200);
      const eleventh = await post(url, ip, await payload());
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual(TOO_MANY_FROM_CLIENT);
    });
  });
}

limitsSuite('in process', () => ({}));

const redisPrefix = `console-test-${randomBytes(6).toString('hex')}:`;
describe.skipIf(!(await redisAnswers(REDIS_URL)))('with the counts in Redis', () => {
  limitsSuite('Redis', () => ({ redisUrl: REDIS_URL, redisKeyPrefix: redisPrefix }));
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    redis.disconnect();
  });
});

describe('client keys', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => expect(clientOf(ip)).toBe(key));
});
