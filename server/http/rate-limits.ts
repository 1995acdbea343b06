import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest, onResponseAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from './app-error';
import { sentence } from '../../src/i18n/serverMessage';

/** Thrown at start when REDIS_URL is set but Redis does not answer: the server does not start. */
export class RedisUnreachableError extends Error {}

/**
 * How long a rate-limit check may wait for Redis: a sign-in waits for it, so a Redis that hangs
 * (accepts, never answers) must cost a request no more than this before the limits are skipped.
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Connects and pings once at start. Later outages are logged and the limits are skipped rather
 * than refusing every sign-in; the per-account lockout lives in the database.
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

/** Counts tries in fixed windows that start with a key's first counted try. */
export interface TryCounter {
  /** Counts one try; answers the tries in the window so far (this one included) and the time left. */
  add(key: string, windowMs: number): Promise<{ tries: number; msLeft: number }>;
  /** Takes back a try that turned out not to count. */
  takeBack(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tryCounter: TryCounter;
  }
}

/** Windows kept in process at most; expired ones go first, then the oldest. */
const MEMORY_WINDOWS = 50_000;

function memoryCounter(): TryCounter {
  const windows = new Map<string, { tries: number; endsAt: number }>();
  const prune = (now: number) => {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < MEMORY_WINDOWS) break;
      windows.delete(key);
    }
  };
  return {
    async add(key, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        if (windows.size >= MEMORY_WINDOWS) prune(now);
        window = { tries: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.tries += 1;
      return { tries: window.tries, msLeft: window.endsAt - now };
    },
    async takeBack(key) {
      const window = windows.get(key);
      if (window && window.tries > 0) window.tries -= 1;
    },
  };
}

// One script each, so parallel tries on several instances never read the same count.
const ADD = `local tries = redis.call('INCR', KEYS[1])
if tries == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {tries, redis.call('PTTL', KEYS[1])}`;
const TAKE_BACK = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end`;

/** Shared by every instance; when Redis does not answer, a try is let through uncounted. */
function redisCounter(redis: Redis, prefix: string): TryCounter {
  return {
    async add(key, windowMs) {
      try {
        const [tries, msLeft] = (await redis.eval(ADD, 1, prefix + key, windowMs)) as [number, number];
        return { tries, msLeft };
      } catch {
        return { tries: 0, msLeft: 0 };
      }
    },
    async takeBack(key) {
      await redis.eval(TAKE_BACK, 1, prefix + key).catch(() => undefined);
    },
  };
}

/**
 * In-process counters by default; with REDIS_URL every instance counts in the same Redis, so a
 * client cannot multiply its attempts by the number of instances behind the load balancer.
 */
export const rateLimits = fp(async (app: FastifyInstance) => {
  const { redisUrl, redisKeyPrefix } = app.ctx.config;
  const redis = redisUrl ? await connectRedis(redisUrl, app) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  app.decorate('tryCounter', redis ? redisCounter(redis, `${redisKeyPrefix}rate-limit:`) : memoryCounter());
});

/**
 * Which answers of a route count: 'failures' where a success proves a secret (a password, a code, a
 * link), so thirty people behind one address can all sign in; 'every try' where a success mails
 * an address, or proves nothing.
 */
export type Counted = 'failures' | 'every try';

interface LimitRules {
  client: Counted;
  /** Counted per account as well, when the request names one (accountOf, the body's e-mail by default). */
  account?: Counted;
  accountOf?: (request: FastifyRequest) => Promise<string | undefined> | string | undefined;
  /** Runs when a try is refused for being over a limit, with the account it named: a refused sign-in is still one the access history counts. */
  refused?: (request: FastifyRequest, email: string | undefined) => Promise<void>;
}

interface Held {
  key: string;
  counted: Counted;
}

const held = new WeakMap<FastifyRequest, Held[]>();

/**
 * Route options that limit an unauthenticated auth route per client and per account: failed
 * passwords and codes, and mails sent. A try is counted before the handler runs, so parallel tries
 * cannot all pass one count; once answered, a try the route does not count is taken back. A try
 * over a limit is refused with 429 and is not counted.
 */
export function authLimits(app: FastifyInstance, group: string, { client, account, accountOf = bodyEmail, refused }: LimitRules) {
  const { perIp, perEmail } = app.ctx.config.rateLimits;
  const counter = app.tryCounter;
  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const email = account && (await accountOf(request))?.trim().toLowerCase();
    const limits = [{ key: `${group}:ip:${clientOf(request.ip)}`, counted: client, rule: perIp, message: sentence('rateLimits.tooManyAttempts') }];
    if (account && email) limits.push({ key: `${group}:email:${email}`, counted: account, rule: perEmail, message: sentence('rateLimits.tooManyAttemptsForEmail') });
    const counts = await Promise.all(limits.map((limit) => counter.add(limit.key, limit.rule.windowMs)));
    const over = limits.findIndex((limit, i) => counts[i].tries > limit.rule.max);
    if (over === -1) {
      held.set(request, limits);
      return;
    }
    await Promise.all(limits.map((limit) => counter.takeBack(limit.key)));
    await refused?.(request, email || (await accountOf(request))?.trim().toLowerCase());
    const secondsLeft = Math.max(1, Math.ceil(counts[over].msLeft / 1000));
    reply.header('retry-after', secondsLeft);
    throw new AppError('TOO_MANY_REQUESTS', sentence('rateLimits.pleaseTryAgainInMinute', { message: limits[over].message, ceil: Math.ceil(secondsLeft / 60) }));
  };
  const onResponse: onResponseAsyncHookHandler = async (request, reply) => {
    const failed = reply.statusCode >= 400;
    await Promise.all((held.get(request) ?? []).filter((limit) => limit.counted === 'failures' && !failed).map((limit) => counter.takeBack(limit.key)));
  };
  return { preHandler, onResponse };
}

function bodyEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
}

/**
 * The client's counting key: an IPv4 address (also when it arrives IPv4-mapped), or an IPv6
 * address's /64, which one subscriber usually holds whole.
 */
export function clientOf(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const address = ip.split('%')[0].toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  const [head, tail] = address.split('::');
  const groups = (part?: string) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
