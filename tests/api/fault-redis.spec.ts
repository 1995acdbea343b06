import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from './harness';
import { startFreezableRelay, startHangingPeer, type FreezableRelay } from '../fakes/hanging-peer';
import { redisAnswers } from '../fakes/redis-answers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

/** Redis that hangs (accepts connections, never answers) rather than refusing them. */
describe.skipIf(!(await redisAnswers(REDIS_URL)))('Redis hanging after start-up', () => {
  let relay: FreezableRelay;
  let t: TestApp;
  const prefix = `console-test-${randomBytes(6).toString('hex')}:`;
  const signIn = () => t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });

  beforeAll(async () => {
    relay = await startFreezableRelay(new URL(REDIS_URL), 6379);
    t = await startTestApp({ redisUrl: relay.url, redisKeyPrefix: prefix, rateLimits: { perIp: { max: 1000, windowMs: 60_000 }, perEmail: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  it('sign-in answers quickly while it hangs (limits skipped, as when Redis is down) and counts in Redis again once it answers', async () => {
    expect((await signIn()).body.result).toBe('OTP_REQUIRED');
    relay.freeze();
    for (let i = 0; i < 5; i++) {
      const { value, ms } = await timed(signIn);
      expect(value.status).toBe(200);
      expect(value.body.result).toBe('OTP_REQUIRED');
      expect(ms).toBeLessThan(1500);
    }
    // Requests at once do not queue behind each other either (four: more parallel tries of one account count towards its lockout).
    const together = await timed(() => Promise.all(Array.from({ length: 4 }, signIn)));
    expect(together.value.map((reply) => reply.body.result)).toEqual(Array(4).fill('OTP_REQUIRED'));
    expect(together.ms).toBeLessThan(3000);

    relay.thaw();
    const redis = new Redis(REDIS_URL);
    try {
      const counted = async () => (await redis.keys(`${prefix}*`)).length;
      await redis.del(...(await redis.keys(`${prefix}*`)));
      let keys = 0;
      for (let i = 0; i < 50 && keys === 0; i++) {
        await signIn();
        keys = await counted();
        if (!keys) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(keys).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});

describe('REDIS_URL that accepts connections and never answers', () => {
  it('stops start-up within seconds with an error naming REDIS_URL', async () => {
    const peer = await startHangingPeer();
    try {
      const { value, ms } = await timed(() =>
        startTestApp({ redisUrl: `redis://127.0.0.1:${peer.port}` }).then(
          () => 'started',
          (error: Error) => error.message,
        ),
      );
      expect(value).toMatch(/REDIS_URL redis:\/\/127\.0\.0\.1:\d+ is unreachable: .*Start Redis or unset REDIS_URL/);
      expect(ms).toBeLessThan(5000);
      expect(peer.accepted).toBeGreaterThan(0);
    } finally {
      await peer.close();
    }
  });
});
