import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp, withTestApp } from './harness';
import { firstRecordId } from './record-forms';
import { passwordHasher } from '../../server/auth/passwords';
import { declarations } from '../../server/http/resource-declarations';
import { ACTIVITY_ROUTES } from '../../server/modules/activity/routes-table';
import { seedDemo } from '../../server/ops/demo';

/**
 * Commands on one record (a status, an approval, a publish, a resume): every mutating route with a
 * path parameter, read from the OpenAPI document, either refuses a stale If-Match (412
 * STALE_VERSION, nothing written) or is declared exempt in the route table with its reason. The
 * factory's own update and delete are record-versions.spec.ts's.
 */

let t: TestApp;
let token: string;
let commands: string[];
withTestApp((app) => (t = app));
beforeAll(async () => {
  await seedDemo(t.db, { hasher: passwordHasher(t.config.passwordHash), files: t.app.ctx.files, force: true });
  token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const factory = new Set(declarations.flatMap((declaration) => [`PUT /api${declaration.path}/:id`, `DELETE /api${declaration.path}/:id`]));
  commands = Object.entries<Record<string, unknown>>(document.paths)
    .filter(([path]) => path.includes('{'))
    .flatMap(([path, byMethod]) =>
      Object.keys(byMethod)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .filter((route) => !factory.has(route));
});

/** A call of each command that is not exempt, on a demo record: its URL, body, and the record whose version it names. */
const CALLS: Record<string, (ids: { user: string; term: string; config: string }) => { url: string; body?: unknown; record: string }> = {
  'PUT /api/users/:id/status': ({ user }) => ({ url: `/api/users/${user}/status`, body: { statusCode: 'INACTIVE' }, record: `/api/users/${user}` }),
  'POST /api/users/:id/unlock': ({ user }) => ({ url: `/api/users/${user}/unlock`, record: `/api/users/${user}` }),
  'PUT /api/users/:id/approval': ({ user }) => ({ url: `/api/users/${user}/approval`, body: { approvalStatusCode: 'APPROVED' }, record: `/api/users/${user}` }),
  'DELETE /api/manual-permissions/:adminId': ({ user }) => ({ url: `/api/manual-permissions/${user}`, record: `/api/users/${user}` }),
  'POST /api/collect-configs/:id/resume': ({ config }) => ({ url: `/api/collect-configs/${config}/resume`, record: `/api/collect-configs/${config}` }),
  'POST /api/terms/:id/versions': ({ term }) => ({
    url: `/api/terms/${term}/versions`,
    body: { termsVersion: '9.0', effectiveAt: '2030-01-01T00:00:00.000Z', content: '<p>New</p>' },
    record: `/api/terms/${term}`,
  }),
  'PUT /api/terms/:id/versions/:detailId': ({ term }) => ({
    url: `/api/terms/${term}/versions/1`,
    body: { termsVersion: '9.1', effectiveAt: '2030-01-01T00:00:00.000Z', content: '<p>New</p>' },
    record: `/api/terms/${term}`,
  }),
};

describe('versions on commands', () => {
  it('finds the commands on one record in the OpenAPI document', () => {
    expect(commands.length).toBeGreaterThan(10);
    expect(commands).toContain('PUT /api/users/:id/status');
  });

  it('declares each exempt one with its reason, and has a call for every other', () => {
    for (const route of commands) {
      const declared = ACTIVITY_ROUTES[route];
      expect(declared, `${route} is in the route table`).toBeDefined();
      if (declared.versionExempt !== undefined) expect(declared.versionExempt.length, `${route}: the exemption says why`).toBeGreaterThan(20);
      else expect(CALLS[route], `${route}: honours If-Match, tested below`).toBeDefined();
    }
  });

  it('refuses each one that names a version the record no longer has, and writes nothing', async () => {
    const ids = {
      user: await firstRecordId(t, token, '/api/users'),
      term: await firstRecordId(t, token, '/api/terms'),
      config: await firstRecordId(t, token, '/api/collect-configs'),
    };
    const checked = commands.filter((route) => ACTIVITY_ROUTES[route].versionExempt === undefined);
    for (const route of checked) {
      const { url, body, record } = CALLS[route](ids);
      const before = await t.call('GET', record, { token });
      expect(before.headers.etag, record).toBeDefined();
      const refused = await t.call(route.split(' ')[0] as 'POST', url, { token, body, headers: { 'if-match': '"an-old-version"' } });
      expect(refused.status, `${route}: ${JSON.stringify(refused.body)}`).toBe(412);
      expect(refused.body.result).toBe('STALE_VERSION');
      expect((await t.call('GET', record, { token })).headers.etag, route).toBe(before.headers.etag);
      // The version it read goes through to the command's own checks.
      const current = await t.call(route.split(' ')[0] as 'POST', url, { token, body, headers: { 'if-match': before.headers.etag as string } });
      expect(current.status, `${route}: ${JSON.stringify(current.body)}`).not.toBe(412);
    }
    expect(checked.length).toBeGreaterThan(5);
  });
});
