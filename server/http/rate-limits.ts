import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

export const rateLimits = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
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
 */
export function authLimits(app: FastifyInstance, group: string) {
  const { perIp, perEmail } = app.ctx.config.rateLimits;
  // createRateLimit, not rateLimit: the handler rateLimit returns skips any request the per-IP
  // route limit already checked, so a second limiter on the same route would never count.
  const limitEmail = app.createRateLimit({
    max: perEmail.max,
    timeWindow: perEmail.windowMs,
    keyGenerator: (request: FastifyRequest) => `${group}:email:${emailOf(request)}`,
  });
  const byEmail: preHandlerAsyncHookHandler = async (request, reply) => {
    // Bodies without an e-mail (code steps) are covered by the per-IP limit and per-code tries.
    if (emailOf(request) === undefined) return;
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

function emailOf(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : undefined;
}
