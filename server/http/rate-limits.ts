import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

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
  const byEmail = app.rateLimit({
    max: perEmail.max,
    timeWindow: perEmail.windowMs,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${group}:email:${typeof email === 'string' ? email.toLowerCase() : request.ip}`;
    },
  }) as preHandlerAsyncHookHandler;
  return {
    config: { rateLimit: { max: perIp.max, timeWindow: perIp.windowMs, groupId: group } },
    preHandler: [byEmail],
  };
}
