import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from './harness';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  parameters?: { in: string; name: string; schema?: ParameterSchema }[];
}
interface ParameterSchema {
  enum?: string[];
  format?: string;
  pattern?: string;
  minLength?: number;
}

/** A path value the parameter's own schema accepts, so the call reaches the token check. */
function validSample(schema: ParameterSchema | undefined): string {
  if (schema?.enum) return schema.enum[0];
  const candidates = ['1', 'dataset-1', '00000000-0000-0000-0000-000000000000', 'x'.repeat(schema?.minLength ?? 1)];
  return candidates.find((value) => (!schema?.pattern || new RegExp(schema.pattern).test(value)) && value.length >= (schema?.minLength ?? 0)) ?? '1';
}

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

  it('is a contract a tool can trust: API operations only, every $ref resolves, each operation named, tagged and summarised', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(document.components.schemas, name).toHaveProperty(name);
    expect(document.components.schemas.ErrorEnvelope).toMatchObject({ required: ['result', 'resultMessage', 'data'] });
    const ids = new Set<string>();
    const tags = new Set(document.tags.map((tag: { name: string }) => tag.name));
    for (const [path, operations] of Object.entries<Record<string, Operation>>(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
        expect(ids.has(operation.operationId!), `${where} repeats an operationId`).toBe(false);
        ids.add(operation.operationId!);
        expect(operation.summary, where).toBeTruthy();
        expect(tags.has(operation.tags?.[0]), where).toBe(true);
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => status.startsWith('2')),
          where,
        ).toBe(true);
        // Every failure is declared with the envelope, and every operation can fail on the server or the database.
        expect(statuses, where).toEqual(expect.arrayContaining(['500', '503']));
        for (const status of statuses.filter((status) => Number(status) >= 400)) {
          // The shared envelope, or a route's own envelope for a failure it describes (readiness's checks).
          const schema = operation.responses[status].content?.['application/json']?.schema as { $ref?: string; required?: string[] } | undefined;
          if (schema?.$ref) expect(schema.$ref, `${where} ${status}`).toBe('#/components/schemas/ErrorEnvelope');
          else expect(schema?.required, `${where} ${status}`).toEqual(expect.arrayContaining(['result', 'resultMessage', 'data']));
        }
      }
    }
  });

  it('declares a bearer token exactly where a call without one is refused with 401', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    let guarded = 0;
    let open = 0;
    for (const [path, operations] of Object.entries<Record<string, Operation>>(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => validSample(operation.parameters?.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema));
        const answer = await t.app.inject({ method: method.toUpperCase() as 'GET', url, payload: method === 'get' ? undefined : {} });
        const where = `${method.toUpperCase()} ${path} → ${answer.statusCode} ${answer.json().result}`;
        if (operation.security === undefined || operation.security.length > 0) {
          guarded += 1;
          // An export link's token is a required query parameter: leaving it out is a 400 naming it.
          const linkOnly = JSON.stringify(operation.security) === '[{"downloadLink":[]}]';
          expect(answer.statusCode, where).toBe(linkOnly ? 400 : 401);
          expect(Object.keys(operation.responses), where).toContain(linkOnly ? '400' : '401');
        } else {
          open += 1;
          expect(operation.security, where).toEqual([]);
          expect(answer.json().result, where).not.toBe('TOKEN_UNAUTHORIZED');
        }
      }
    }
    expect(guarded).toBeGreaterThan(100);
    expect(open).toBeGreaterThan(15);
  });
});
