import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isoNow } from '../clock';
import { redact, redactPath } from './redact';

const MAX_BODY_CHARS = 4000;
/** Probes for load balancers are not user activity. */
const UNLOGGED = new Set(['/api/health', '/api/ready']);

/** Writes one system-log row per API call, after the response, with secrets redacted. */
export const systemLog = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    const [path, query] = request.url.split('?', 2);
    if (!path.startsWith('/api/') || UNLOGGED.has(path)) return;
    const body = request.body === undefined ? null : JSON.stringify(redact(request.body));
    const bodyEmail = (request.body as { email?: unknown } | undefined)?.email;
    try {
      await app.ctx.db
        .insertInto('system_logs')
        .values({
          admin_id: request.admin?.id ?? null,
          email: request.admin?.email ?? (typeof bodyEmail === 'string' ? bodyEmail.slice(0, 254) : null),
          event_id: request.id,
          end_point: redactPath(path).slice(0, 500),
          http_method: request.method,
          http_status: reply.statusCode,
          query_param: query ? JSON.stringify(redact(Object.fromEntries(new URLSearchParams(query)))).slice(0, MAX_BODY_CHARS) : null,
          request_body: body ? body.slice(0, MAX_BODY_CHARS) : null,
          request_at: isoNow(app.ctx.clock),
          source_ip: request.ip,
        })
        .execute();
    } catch (error) {
      request.log.error({ err: error }, 'system log write failed');
    }
  });
});
