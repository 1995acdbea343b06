import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** Answers a request the files do not (the minimal app's data); false leaves it to the files. */
export type ApiHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The minimal react-admin app's files (it routes in the URL's hash, so `/` is its only page), in
 * brotli when taken, so it crosses the wire like the console's precompressed files.
 */
export function staticServer(root: string, api?: ApiHandler): Promise<{ server: Server; address: string }> {
  const server = createServer((request, response) => {
    if (api?.(request, response)) return;
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!existsSync(file) || !statSync(file).isFile()) {
      response.statusCode = 404;
      response.end();
      return;
    }
    const brotli = `${file}.br`;
    const sendBrotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) && existsSync(brotli);
    response.setHeader('content-type', CONTENT_TYPES[extname(file)] ?? 'application/octet-stream');
    if (sendBrotli) response.setHeader('content-encoding', 'br');
    response.end(readFileSync(sendBrotli ? brotli : file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, address: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}
