import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Db } from '../../server/db/database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from './harness';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, marketAccount } from '../fakes/collect-fixtures';
import { redisAnswers } from '../fakes/redis-answers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const databaseUrl = process.env.TEST_DATABASE_URL;

const ready = Boolean(databaseUrl) && (await redisAnswers(REDIS_URL));
const prefix = `console-test-${randomBytes(6).toString('hex')}:`;

/** Two instances of the console, each listening on 127.0.0.1, on one PostgreSQL schema and one Redis. */
describe.skipIf(!ready)('two instances on one PostgreSQL and one Redis', () => {
  let t: TestApp;
  let dbB: Db;
  let appB: FastifyInstance;
  let urlA: string;
  let urlB: string;

  const post = async (base: string, path: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const get = async (base: string, path: string, token: string) => {
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    t = await startTestApp({
      redisUrl: REDIS_URL,
      redisKeyPrefix: prefix,
      rateLimits: { perIp: { max: 100_000, windowMs: 60_000 }, perEmail: { max: 3, windowMs: 60_000 } },
      // The test ticks both schedulers itself, at the same moment.
      collect: { schedulerEnabled: false, pollMs: 1000, leaseMs: 60_000, maxAttempts: 1, retryBaseMs: 0, suspendAfter: 3 },
      outboundAllow: ['127.0.0.1'],
    });
    // Instance B has its own connection pool on the same schema, as a second process would.
    const { schema } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0];
    dbB = openDatabase({ ...t.config, pgSchema: schema });
    appB = await buildApp(t.config, { db: dbB, clock: t.clock, logger: false });
    urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
    urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await appB?.close();
    await dbB?.destroy();
    await t?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('a sign-in on A works on B, and a refresh token rotated on A is dead on B', async () => {
    const challenge = await post(urlA, '/api/auth/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(challenge.body.result).toBe('OTP_REQUIRED');
    const signedIn = await post(urlA, '/api/auth/signin/otp', { challengeToken: challenge.body.data.challengeToken, code: await t.lastCode(ADMIN_EMAIL) });
    expect(signedIn.body.result).toBe('SUCCESS');
    const { accessToken, refreshToken } = signedIn.body.data;
    const admin = await t.db.selectFrom('admins').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();

    const onB = await get(urlB, `/api/system/profile/${admin.id}`, accessToken);
    expect(onB.status).toBe(200);
    expect(onB.body.data).toMatchObject({ email: ADMIN_EMAIL });

    const rotated = await post(urlA, '/api/auth/reissue', { refreshToken });
    expect(rotated.body.result).toBe('SUCCESS');
    const replayedOnB = await post(urlB, '/api/auth/reissue', { refreshToken });
    expect(replayedOnB.status).toBe(401);
    // The replay revoked the family on the shared database: A refuses the new token too.
    expect((await get(urlA, `/api/system/profile/${admin.id}`, rotated.body.data.accessToken)).status).toBe(401);
  });

  it('counts sign-in attempts made on both instances against one limit', async () => {
    const attempt = (base: string) => post(base, '/api/auth/signin', { email: 'limited@example.com', password: 'Wrong#123' });
    expect((await attempt(urlA)).status).not.toBe(429);
    expect((await attempt(urlB)).status).not.toBe(429);
    expect((await attempt(urlA)).status).not.toBe(429);
    const fourth = await attempt(urlB);
    expect(fourth.status).toBe(429);
    expect(fourth.body.result).toBe('TOO_MANY_REQUESTS');
    const redis = new Redis(REDIS_URL);
    expect((await redis.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
    redis.disconnect();
  });

  it('a scheduled task due once runs once, though both instances tick at the same moment', async () => {
    const platform: AdPlatform = await startAdPlatform(5);
    try {
      const token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
      const account = await post(urlA, '/api/market-accounts', marketAccount(), token);
      t.clock.advance(Date.parse('2026-03-27T12:00:00Z') - t.clock.now().getTime());
      const created = await post(
        urlA,
        '/api/collect-configs',
        collectConfig(platform.url, {
          marketAccountId: account.body.data.id,
          schedules: [{ scheduleType: 'DAILY', scheduledTime: '09:00', timeZone: 'Europe/Berlin', startAt: '2026-03-01' }],
        }),
        token,
      );
      expect(created.body.result).toBe('SUCCESS');
      t.clock.advance(Date.parse('2026-03-28T08:00:01Z') - t.clock.now().getTime());
      const ran = await Promise.all([t.app.collectScheduler.tick(), appB.collectScheduler.tick(), t.app.collectScheduler.tick(), appB.collectScheduler.tick()]);
      expect(ran.reduce((sum, count) => sum + count, 0)).toBe(1);
      const tasks = await t.db.selectFrom('collect_tasks').select(['status', 'attempt']).where('config_id', '=', created.body.data.id).where('task_kind', '=', 'COLLECT').execute();
      expect(tasks).toEqual([{ status: 'SUCCESS', attempt: 1 }]);
      expect(platform.requests.filter((request) => request.url.pathname === '/report').map((request) => request.url.searchParams.get('day'))).toEqual(expect.arrayContaining(['2026-03-27']));
      expect(new Set(platform.requests.map((request) => request.url.searchParams.get('day'))).size).toBe(1);
    } finally {
      await platform.close();
    }
  });
});

/** A TCP relay to Redis that the test can cut, as a network outage would. */
async function cuttableRelay(target: URL) {
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = createConnection(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(relay.address() as { port: number }).port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        relay.close(() => resolve());
        sockets.forEach((socket) => socket.destroy());
      }),
  };
}

describe.skipIf(!(await redisAnswers(REDIS_URL)))('Redis going away after start-up', () => {
  it('sign-in keeps working (limits skipped, lockout still in the database) instead of failing', async () => {
    const relay = await cuttableRelay(new URL(REDIS_URL));
    const t = await startTestApp({ redisUrl: relay.url, redisKeyPrefix: `console-test-${randomBytes(6).toString('hex')}:` });
    try {
      const before = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(before.body.result).toBe('OTP_REQUIRED');
      await relay.cut();
      const during = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(during.status).toBe(200);
      expect(during.body.result).toBe('OTP_REQUIRED');
    } finally {
      await t.close();
    }
  });
});

describe('REDIS_URL that does not answer', () => {
  it('stops start-up with an error naming REDIS_URL', async () => {
    await expect(startTestApp({ redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(/REDIS_URL redis:\/\/127\.0\.0\.1:1 is unreachable: .*ECONNREFUSED.*Start Redis or unset REDIS_URL/);
  });
});
