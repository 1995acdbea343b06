import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/guard';

/**
 * GET /api/events: the caller's stream of record changes (server-sent events), each told only to
 * someone who may read the record (hub.ts). The browser reads it with fetch, so the bearer token
 * goes in its header (docs/decisions.md).
 */
export async function liveRoutes(app: FastifyInstance) {
  app.get('/events', { onRequest: authenticate }, async (request, reply) => app.ctx.live.open(request, reply));
}
