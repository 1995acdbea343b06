import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

describe('API reference', () => {
  it('serves an OpenAPI 3 document generated from the route schemas, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toMatchObject({ title: 'Campaign Console API' });
    for (const path of [
      '/api/auth/signin',
      '/api/auth/signin/otp',
      '/api/auth/reissue',
      '/api/users',
      '/api/users/{id}',
      '/api/templates',
      '/api/system-logs',
      '/api/domains',
      '/api/health',
      '/api/ready',
    ]) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
    // The zod body schema of sign-in became a JSON schema with its fields.
    const signIn = document.paths['/api/auth/signin'].post;
    const body = signIn.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(signIn.tags).toEqual(['auth']);
    expect(document.paths['/api/users'].get.tags).toEqual(['users']);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const operations of Object.values<Record<string, { responses?: unknown }>>(document.paths)) {
      for (const operation of Object.values(operations)) expect(operation.responses).toBeDefined();
    }
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/reference'))).toBe(false);
  });

  it("renders the reference page with assets from the console itself, under the console's CSP", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/reference/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Campaign Console API reference');
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const src of scripts) {
      expect(src.startsWith('./') || src.startsWith('/api/reference/')).toBe(true);
      const asset = await t.app.inject({ method: 'GET', url: new URL(src, 'http://console.test/api/reference/').pathname });
      expect(asset.statusCode, src).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/reference/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect((await t.app.inject({ method: 'GET', url: '/api/reference/json' })).json().openapi).toMatch(/^3\./);
  });
});
