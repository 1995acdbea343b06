import { createServer, type Server } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { Metrics } from './registry';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Where Prometheus scrapes: METRICS_PORT serves /metrics on a port of its own (bound to HOST, kept
 * off the public port and its proxy); METRICS_TOKEN serves /metrics on the public port to a caller
 * presenting `Authorization: Bearer <token>`. Neither set: no metrics endpoint at all.
 */
export const metricsEndpoint = fp(
  async (app) => {
    const { metrics, config } = app.ctx;
    if (config.metricsToken) {
      const expected = digest(config.metricsToken);
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!timingSafeEqual(digest(presented), expected)) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ result: 'UNAUTHORIZED', resultMessage: 'The metrics need the METRICS_TOKEN as a bearer token.', data: null });
        }
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      });
    }
    if (config.metricsPort !== undefined) {
      const server = metricsServer(metrics);
      // onReady, not onListen: listen() waits for it, so the port is open once the app answers.
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => server.once('error', reject).listen(config.metricsPort, config.host, resolve));
        app.log.info(`Metrics at http://${config.host}:${(server.address() as AddressInfo).port}/metrics`);
      });
      app.addHook('onClose', async () => {
        if (server.listening) await new Promise((resolve) => server.close(resolve));
      });
      app.decorate('metricsAddress', () => (server.listening ? (server.address() as AddressInfo) : undefined));
    }
  },
  { name: 'metrics-endpoint' },
);

function metricsServer(metrics: Metrics): Server {
  return createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics port's address once listening (METRICS_PORT set). */
    metricsAddress?: () => AddressInfo | undefined;
  }
}
