import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from './app-error';

/** Thrown at start when REDIS_URL is set but Redis does not answer: the server does not start. */
export class RedisUnreachableError extends Error {}

/**
 * How long a rate-limit check may wait for Redis: a sign-in waits for it, so a Redis that hangs
 * (accepts, never answers) must cost a request no more than this before the limits are skipped.
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Connects and pings once at start. Later outages are logged and the limits are skipped
 * (skipOnError) rather than refusing every sign-in; the per-account lockout lives in the database.
 * A connection that stops answering is dropped (socketTimeout) and, while it reconnects, checks
 * fail at once (no offline queue) instead of each waiting out its timeout.
 */
async function connectRedis(url: string, app: FastifyInstance): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    socketTimeout: 2 * REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  let lastError: Error | undefined;
  let started = false;
  redis.on('error', (error: Error) => {
    lastError = error;
    if (started) app.log.error({ err: error }, 'Redis error: rate limits are skipped until it answers again');
  });
  try {
    await redis.connect();
    await redis.ping();
    started = true;
  } catch (error) {
    redis.disconnect();
    const reason = lastError?.message ?? (error as Error).message;
    throw new RedisUnreachableError(`REDIS_URL ${redactedUrl(url)} is unreachable: ${reason}. Start Redis or unset REDIS_URL.`);
  }
  return redis;
}

function redactedUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/**
 * In-process counters by default; with REDIS_URL every instance counts in the same Redis, so a
 * client cannot multiply its attempts by the number of instances behind the load balancer.
 */
export const rateLimits = fp(async (app: FastifyInstance) => {
  const { redisUrl, redisKeyPrefix } = app.ctx.config;
  const redis = redisUrl ? await connectRedis(redisUrl, app) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      result: 'TOO_MANY_REQUESTS',
      resultMessage: `Too many attempts. Please try again in ${context.after}.`,
      data: null,
    }),
  });
});

/**
 * Route options that limit an abusable auth endpoint per client IP (route config) and, once the
 * body is parsed, per e-mail address: spreading attempts over many IPs does not help an attacker.
 * `emailOf` finds the address where the body does not name it (a sign-up names it in its proof).
 */
export function authLimits(app: FastifyInstance, group: string, emailOf: (request: FastifyRequest) => Promise<string | undefined> | string | undefined = bodyEmail) {
  const { perIp, perEmail } = app.ctx.config.rateLimits;
  // createRateLimit, not rateLimit: the handler rateLimit returns skips any request the per-IP
  // route limit already checked, so a second limiter on the same route would never count.
  const limitEmail = app.createRateLimit({
    max: perEmail.max,
    timeWindow: perEmail.windowMs,
    keyGenerator: async (request: FastifyRequest) => `${group}:email:${(await emailOf(request))?.toLowerCase()}`,
  });
  const byEmail: preHandlerAsyncHookHandler = async (request, reply) => {
    // Bodies without an e-mail (code steps) are covered by the per-IP limit and per-code tries.
    if ((await emailOf(request)) === undefined) return;
    const limit = await limitEmail(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', limit.ttlInSeconds);
    const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
    throw new AppError('TOO_MANY_REQUESTS', `Too many attempts for this e-mail address. Please try again in ${minutes} minute(s).`);
  };
  return {
    config: { rateLimit: { max: perIp.max, timeWindow: perIp.windowMs, groupId: group } },
    preHandler: [byEmail],
  };
}

function bodyEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
}
