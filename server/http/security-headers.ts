import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's headers on every answer. They are the same for every request, so helmet runs once at
 * start-up against a recording response and each request gets the recorded set in one call:
 * running helmet's middleware chain per request cost 2 % of a write's CPU, and
 * @fastify/helmet, which rebuilt it per request, 4 %. A route may still replace any of them.
 * API answers also get `cache-control: no-store`, set here rather than in an onSend hook of its own.
 */
export function securityHeaders(app: FastifyInstance, tableauOrigin: string[]): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...tableauOrigin],
        frameAncestors: ["'none'"],
        // Embedded Tableau dashboards: the embedding library signs in to the configured server and frames its views.
        frameSrc: ["'self'", ...tableauOrigin],
      },
    },
  });
  const headers = recordHeaders(apply);
  const apiHeaders = Object.freeze({ ...headers, 'cache-control': 'no-store' });
  app.addHook('onRequest', (request, reply, done) => {
    // API answers carry tokens and personal data: no browser or proxy may keep one. Only the API
    // reference's static files are public and unchanging (their plugin sets their caching).
    reply.headers(request.url.startsWith('/api') && !request.url.startsWith('/api/reference/static') ? apiHeaders : headers);
    done();
  });
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware sets on a response, read by letting it set them on a stand-in. */
function recordHeaders(middleware: Middleware): Readonly<Record<string, string>> {
  const recorded: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (recorded[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete recorded[name.toLowerCase()],
    getHeader: (name: string) => recorded[name.toLowerCase()],
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet is synchronous; a future version that is not would leave the set incomplete.
  if (!finished) throw new Error('security headers: helmet did not finish synchronously');
  return Object.freeze(recorded);
}
