import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp, withTestApp } from './harness';

/**
 * Every route of the OpenAPI document, called the way an attacker holding an old token would: each
 * one that is not public checks the live session (a signed-out token is refused before anything
 * else), and no /api answer may be kept by a browser or a proxy.
 */

/**
 * The routes a caller may reach without a bearer token: those the document declares public
 * (`security: []`, from the one list in server/ops/openapi-contract.ts, where a new public route is
 * added on purpose) or opened by a link's own token only. ops-openapi.spec.ts holds that list to
 * what each route does without a token.
 */
let PUBLIC: Set<string>;

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
  PUBLIC = new Set(
    Object.entries<Record<string, { security?: Record<string, string[]>[] }>>(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, operation]) => operation.security !== undefined && !operation.security.some((requirement) => 'bearerAuth' in requirement))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    ),
  );
});

/** The document's path with its parameters filled in (ids 1, a file's id a UUID, other names a word). */
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'fileId' ? '00000000-0000-0000-0000-000000000000' : /id$/i.test(name) ? '1' : 'x'));

describe('every route', () => {
  it('finds the whole API in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect([...PUBLIC]).toEqual(expect.arrayContaining(['POST /api/auth/signin', 'GET /api/health', 'GET /api/system-logs/export']));
    expect(PUBLIC.size).toBeLessThan(25);
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
        // The event stream stays open; live-events.spec.ts checks its headers.
        if (path === '/api/events' && authorization) continue;
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
