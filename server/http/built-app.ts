import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_COOKIE } from '../../src/shared/constants';

const CONTENT_TYPES = new Map<string, string>(
  Object.entries({
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json; charset=utf-8',
    '.map': 'application/json; charset=utf-8',
    '.txt': 'text/plain; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.webp': 'image/webp',
    '.ico': 'image/x-icon',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
  }),
);
/** Vite names every file under assets/ by its content hash, so a browser may keep it for good. */
const HASHED = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is revalidated on each load, so a deploy shows at once. */
const REVALIDATE = 'no-cache';

interface BuiltFile {
  type: string;
  cacheControl: string;
  etag: string;
  /** What else the body depends on: index.html also on the session cookie (a preload for the signed-in). */
  vary?: string;
  /** The bodies by content-encoding: the file itself, and the build's brotli and gzip copies when it wrote them. */
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
}

/**
 * Serves the built browser app (`npm run build` output) from memory: every file and its
 * precompressed copies are read once at start, and each request is one write of a buffer, with
 * brotli or gzip as the browser accepts, an ETag, and the cache policy above. Streaming each file
 * from disk (@fastify/static) made the sign-in page's script arrive about 90 ms later on a cold
 * load. A new build is served after a restart. Any other GET outside /api is a client
 * route and gets index.html.
 */
export function serveBuiltApp(app: FastifyInstance, staticDir: string): { sendIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply } | undefined {
  if (!existsSync(join(staticDir, 'index.html'))) return undefined;
  const files = new Map<string, BuiltFile>();
  for (const path of filesUnder(staticDir)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const identity = readFileSync(path);
    const name = relative(staticDir, path);
    files.set(`/${name.split(sep).join('/')}`, {
      type: CONTENT_TYPES.get(extname(path)) ?? 'application/octet-stream',
      cacheControl: name.startsWith(`assets${sep}`) ? HASHED : REVALIDATE,
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      bodies: { identity, br: readIfThere(`${path}.br`), gzip: readIfThere(`${path}.gz`) },
    });
  }
  const send = (file: BuiltFile, request: FastifyRequest, reply: FastifyReply) => {
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = file.bodies.br && accepted.has('br') ? 'br' : file.bodies.gzip && accepted.has('gzip') ? 'gzip' : 'identity';
    reply
      .header('content-type', file.type)
      .header('cache-control', file.cacheControl)
      .header('etag', file.etag)
      .header('vary', file.vary ?? 'accept-encoding');
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(file.bodies[encoding]);
  };
  for (const [url, file] of files) app.get(url, (request, reply) => send(file, request, reply));
  const index = files.get('/index.html')!;
  const signedInIndex = withSignedInPreload(index, [...files.keys()]);
  // A visitor holding a session opens the first list, not the sign-in page: its chunk is fetched
  // beside the entry script instead of after it, so the first list paints and answers sooner.
  const sessionCookie = new RegExp(`(?:^|;\\s*)${ACCESS_TOKEN_COOKIE}=`);
  if (signedInIndex) index.vary = signedInIndex.vary = 'accept-encoding, cookie';
  return { sendIndex: (request, reply) => send(signedInIndex && sessionCookie.test(request.headers.cookie ?? '') ? signedInIndex : index, request, reply) };
}

/** index.html with a modulepreload of the build's `signed-in` chunk (vite.config.ts names it), if there is one. */
function withSignedInPreload(index: BuiltFile, urls: string[]): BuiltFile | undefined {
  const chunk = urls.find((url) => /^\/assets\/signed-in-[\w-]+\.js$/.test(url));
  if (!chunk) return undefined;
  const html = index.bodies.identity.toString('utf8').replace('</head>', `  <link rel="modulepreload" crossorigin href="${chunk}">\n  </head>`);
  const identity = Buffer.from(html);
  return {
    ...index,
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    bodies: { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

function readIfThere(path: string): Buffer | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}

/** The encodings an Accept-Encoding header takes (a q of 0 refuses one). */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}
