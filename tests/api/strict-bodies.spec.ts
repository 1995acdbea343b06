import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp, withTestApp } from './harness';

/**
 * Every request body refuses keys it does not know, at any depth: a key sent by mistake (or to probe)
 * is a 400 naming it, never silently dropped. Held by the schemas (z.strictObject), read here from
 * the OpenAPI document they produce: every object schema in a request body has additionalProperties: false.
 */

let t: TestApp;
let document: { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>; components?: { schemas?: Record<string, unknown> } };
withTestApp((app) => (t = app));
beforeAll(async () => {
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});

/** Where, in a schema, an object accepts keys it does not name: the JSON path of each. */
function looseObjects(schema: unknown, at: string, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/components/schemas/', '');
    return looseObjects(document.components?.schemas?.[name], `${at}→${name}`, seen);
  }
  const here = node.type === 'object' && node.properties && node.additionalProperties !== false ? [at] : [];
  const children = Object.entries(node).flatMap(([key, value]) => {
    if (key === 'properties' && value && typeof value === 'object') return Object.entries(value).flatMap(([name, property]) => looseObjects(property, `${at}.${name}`, seen));
    if (key === 'items' || key === 'additionalProperties' || key === 'not') return looseObjects(value, `${at}[]`, seen);
    if (Array.isArray(value)) return value.flatMap((item, index) => looseObjects(item, `${at}|${index}`, seen));
    return [];
  });
  return [...here, ...children];
}

describe('request bodies', () => {
  it('refuse unknown keys at every depth, in every operation the OpenAPI document lists', () => {
    const bodies = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.values(operation.requestBody?.content ?? {}).map((content) => ({ at: `${method.toUpperCase()} ${path}`, schema: content.schema })),
      ),
    );
    expect(bodies.length).toBeGreaterThan(40);
    expect(bodies.flatMap(({ at, schema }) => looseObjects(schema, at))).toEqual([]);
  });

  it("a template's preview with a key of its own is a 400 naming it", async () => {
    const token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
    const reply = await t.call('POST', '/api/templates', {
      token,
      body: { name: 'Strict', dataType: 'MEDIA', previews: [{ fileId: '00000000-0000-4000-8000-000000000000', extra: 'x' }] },
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body.data.errors)).toContain('extra');
  });
});
