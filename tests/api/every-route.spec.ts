import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp, withTestApp } from './harness';

/**
 * Every route of the OpenAPI document, called the way an attacker holding an old token would: each
 * one that is not public checks the live session (a signed-out token is refused before anything
 * else), and no /api answer may be kept by a browser or a proxy.
 */

/** The routes anyone may call; a new public route must be added here on purpose. */
const PUBLIC = new Set([
  'POST /api/auth/signin',
  'POST /api/auth/signin/otp',
  'POST /api/auth/signin/otp/resend',
  'POST /api/auth/otp',
  'POST /api/auth/otp/verification',
  'POST /api/auth/signup',
  'GET /api/auth/signup-options',
  'GET /api/auth/terms',
  'POST /api/auth/admin/agreement',
  // Its proof (issued by the code step to an account whose password was handed over) is the credential.
  'POST /api/auth/admin/initial-password',
  'POST /api/auth/password/reset',
  'PUT /api/auth/password/reset',
  'GET /api/auth/password/reset/{token}',
  'POST /api/auth/reissue',
  'POST /api/auth/signout',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/files/{fileId}',
  // Opened by the browser as a download: its signed link is the credential (checked below).
  'GET /api/system-logs/export',
  'GET /api/explorer/export',
]);

let t: TestApp;
let revoked: string;
let operations: [method: string, path: string][];

withTestApp((app) => (t = app));
beforeAll(async () => {
  revoked = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  expect((await t.call('POST', '/api/auth/signout', { token: revoked })).status).toBe(200);
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, byMethod]) =>
    Object.keys(byMethod)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method): [string, string] => [method.toUpperCase(), path]),
  );
});

/** The document's path with its parameters filled in (ids 1, other names a word). */
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (/id$/i.test(name) ? '1' : 'x'));

describe('every route', () => {
  it('finds the whole API in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
    const documented = new Set(operations.map(([method, path]) => `${method} ${path}`));
    for (const route of PUBLIC) expect(documented, route).toContain(route);
  });

  it('refuses a signed-out token on every route that is not public, before reading anything', async () => {
    const answered: string[] = [];
    for (const [method, path] of operations) {
      if (PUBLIC.has(`${method} ${path}`) || path.startsWith('/api/reference') || path === '/api/openapi.json') continue;
      const reply = await t.app.inject({
        method: method as 'GET',
        url: concrete(path),
        headers: { authorization: `Bearer ${revoked}`, 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      const body = reply.json();
      if (reply.statusCode !== 401 || body.result !== 'ADMIN_ACCESS_TOKEN_NOT_MATCHED') answered.push(`${method} ${path} → ${reply.statusCode} ${body.result}`);
    }
    expect(answered).toEqual([]);
  });

  it('marks every /api answer no-store: successes, refusals, errors and unknown paths', async () => {
    const token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
    const cacheable: string[] = [];
    for (const [method, path] of [...operations, ['GET', '/api/no/such/path'] as [string, string]]) {
      if (path.startsWith('/api/reference')) continue;
      for (const authorization of [`Bearer ${token}`, undefined]) {
        // Sign-out would end the session the next calls use.
        if (path === '/api/auth/signout' && authorization) continue;
        const reply = await t.app.inject({
          method: method as 'GET',
          url: concrete(path),
          headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/json' },
          payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        });
        if (reply.headers['cache-control'] !== 'no-store') cacheable.push(`${method} ${path} (${reply.statusCode}): ${String(reply.headers['cache-control'])}`);
      }
    }
    expect(cacheable).toEqual([]);
  });

  it('refuses a system-log export link once the session that asked for it has signed out', async () => {
    const token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
    const link = (await t.call('POST', '/api/system-logs/export', { token, body: { filter: {} } })).body.data.url as string;
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    await t.call('POST', '/api/auth/signout', { token });
    const after = await t.app.inject({ method: 'GET', url: link });
    expect(after.statusCode).toBe(401);
    expect(after.json().result).toBe('ADMIN_ACCESS_TOKEN_NOT_MATCHED');
  });

  it('answers an id past the integer columns with a 400, never a 5xx, on every route that takes one', async () => {
    const token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
    const crashed: string[] = [];
    for (const [method, path] of operations) {
      if (!/\{\w*[iI]d\}/.test(path) || path === '/api/auth/signout') continue;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (/id$/i.test(name) ? '99999999999' : 'x'));
      const reply = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      if (reply.statusCode >= 500 || reply.statusCode === 200) crashed.push(`${method} ${url} → ${reply.statusCode} ${reply.json().result}`);
    }
    expect(crashed).toEqual([]);
  });
});
