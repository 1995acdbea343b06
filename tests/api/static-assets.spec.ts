import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { precompress } from '../../scripts/precompress';

/** The built app as the browser gets it: precompressed bodies, hashed assets cached for good, index.html revalidated. */
describe('static files of the built app', () => {
  const root = mkdtempSync(join(tmpdir(), 'console-static-'));
  const dist = join(root, 'dist');
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  const page = `<!doctype html><html><head><script type="module" src="/assets/index-B1a2c3d4.js"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`;
  let app: FastifyInstance;
  let db: Db;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, 'assets', 'index-B1a2c3d4.js'), script);
    writeFileSync(join(dist, 'assets', 'tiny-C5d6e7f8.js'), 'export{};');
    writeFileSync(join(dist, 'assets', 'signed-in-D9e8f7a6.js'), 'export{};');
    writeFileSync(join(dist, 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    // The Vite plugin's two hooks, as a build calls them.
    const plugin = precompress() as unknown as { configResolved(config: unknown): void; closeBundle(): void };
    plugin.configResolved({ build: { outDir: dist } });
    plugin.closeBundle();

    const config = defaultConfig({ dataDir: join(root, 'data'), jwtSecret: randomBytes(32).toString('hex'), secretsKeys: [randomBytes(32).toString('hex')], logLevel: 'silent' });
    config.collect.schedulerEnabled = false;
    mkdirSync(config.dataDir, { recursive: true });
    db = openDatabase(config);
    await migrateToLatest(db);
    app = await buildApp(config, { db, staticDir: dist, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    rmSync(root, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip copies of text files worth compressing, and skips tiny ones', () => {
    const js = join(dist, 'assets', 'index-B1a2c3d4.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'tiny-C5d6e7f8.js.br'))).toBe(false);
  });

  it('sends a hashed asset brotli-encoded to a browser that accepts it, cacheable for good', async () => {
    const reply = await app.inject({ method: 'GET', url: '/assets/index-B1a2c3d4.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzip = await app.inject({ method: 'GET', url: '/assets/index-B1a2c3d4.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-B1a2c3d4.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('refuses an encoding the browser gives q=0, and answers HEAD with the headers alone', async () => {
    const refused = await app.inject({ method: 'GET', url: '/assets/index-B1a2c3d4.js', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const head = await app.inject({ method: 'HEAD', url: '/assets/index-B1a2c3d4.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
  });

  it('revalidates with an ETag: an unchanged index.html is a 304 with no body', async () => {
    const first = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ method: 'GET', url: '/project/detail/3', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': '"stale"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(page);
  });

  it('index.html and unhashed files are revalidated on every load, whether asked by name or by a client route', async () => {
    for (const url of ['/index.html', '/logo.svg', '/', '/user/users', '/project/detail/3']) {
      const reply = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-cache');
    }
    const route = await app.inject({ method: 'GET', url: '/user/users', headers: { 'accept-encoding': 'br' } });
    expect(route.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(route.rawPayload).toString()).toBe(page);
  });

  it('a missing file is a 404, not the app: crawlers and tools see what is really there', async () => {
    for (const url of ['/robots.txt', '/assets/gone-A1b2c3d4.js', '/favicon.ico', '/sitemap.xml?x=1']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.body, url).not.toContain('<!-- padding -->');
    }
    // The repository ships the crawlers' answer, so the built app has it as a file.
    expect(readFileSync(join(__dirname, '../../public/robots.txt'), 'utf8')).toMatch(/^User-agent: \*\nDisallow: \/api\/$/m);
  });

  it("a visitor holding a session gets the first list's chunk preloaded beside the entry script; others do not", async () => {
    const preload = '<link rel="modulepreload" crossorigin href="/assets/signed-in-D9e8f7a6.js">';
    const signedIn = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=dark; accessToken=abc.def', 'accept-encoding': 'br' } });
    expect(signedIn.statusCode).toBe(200);
    expect(brotliDecompressSync(signedIn.rawPayload).toString()).toContain(preload);
    expect(signedIn.headers.vary).toBe('accept-encoding, cookie');
    for (const cookie of [undefined, 'xaccessToken=abc', 'refreshToken=abc']) {
      const visitor = await app.inject({ method: 'GET', url: '/project/detail/3', headers: cookie ? { cookie } : {} });
      expect(visitor.body, cookie).toBe(page);
    }
    // The two bodies are told apart by their ETags, so a revalidation never swaps one for the other.
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers.etag).not.toBe(signedIn.headers.etag);
  });
});
