import fp from 'fastify-plugin';
import { isoNow, systemClock } from '../clock';

/**
 * Times every request by its route template (`/api/users/:id`, never the raw path, so the label
 * count stays bounded) and, with LOG_REQUESTS=true, writes one JSON line per request to stdout
 * carrying the request id that the system log stores as the event id.
 */
export const httpMetrics = fp(
  async (app) => {
    const { metrics, config } = app.ctx;
    // Callback hooks: they run on every request, and an async one costs a promise each time.
    app.addHook('onRequest', (_request, _reply, done) => {
      metrics.httpInFlight.inc();
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpInFlight.dec();
      const route = request.routeOptions.url ?? 'unmatched';
      const seconds = reply.elapsedTime / 1000;
      metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
      if (config.logRequests) {
        process.stdout.write(
          `${JSON.stringify({
            // Wall time, as any log line's (a test's moved clock is not the operator's).
            time: isoNow(systemClock),
            reqId: request.id,
            method: request.method,
            route,
            path: request.url.split('?')[0],
            status: reply.statusCode,
            ms: Math.round(reply.elapsedTime * 10) / 10,
            ip: request.ip,
            admin: request.admin?.id ?? null,
          })}\n`,
        );
      }
      done();
    });
  },
  { name: 'http-metrics' },
);
