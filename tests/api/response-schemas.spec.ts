import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { declarations } from '../../server/http/resource-declarations';
import { operationsOf } from '../../src/shared/resources/define';
import { startTestApp, type TestApp } from './harness';

/**
 * Every route declares the shape of its success answer: Fastify serialises the
 * answer through that zod schema, so nothing undeclared leaks, and the OpenAPI document shows it.
 * The routes are read as they are registered (an onRoute hook on every Fastify instance the app
 * builds), not from the document, so a route hidden from the document is held to it too.
 */

/**
 * The /api routes whose success answer is no JSON envelope: file downloads and exports (a stream
 * with its own content type), the record changes' event stream and the OpenAPI document itself; the API reference's page and files
 * under /api/reference are HTML and static files. Outside /api are the SPA's files and /metrics
 * (Prometheus text). A new one must be added here on purpose.
 */
const NOT_JSON = new Set([
  'GET /api/files/:fileId',
  'GET /api/uploads/:id/file',
  'GET /api/system-logs/export',
  'GET /api/explorer/export',
  'GET /api/activity/export',
  'GET /api/events',
  'GET /api/openapi.json',
  // Every declared list's export (server/http/list-export.ts): CSV or XLSX.
  ...declarations.filter((declaration) => operationsOf(declaration).includes('list')).map((declaration) => `GET /api${declaration.path}/export`),
]);
const notJson = (method: string, url: string) => NOT_JSON.has(`${method} ${url}`) || url.startsWith('/api/reference') || !url.startsWith('/api');

const registered: { method: string; url: string; schema: RouteOptions['schema'] }[] = [];
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const recording = ((options?: Parameters<typeof original.default>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') registered.push({ method, url: route.url, schema: route.schema });
      }
    });
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: recording, fastify: recording };
});

let t: TestApp;
let document: { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>> };

beforeAll(async () => {
  t = await startTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => t.close());

/** The success statuses a route declares, with their schemas. */
function successSchemas(schema: RouteOptions['schema']): [string, unknown][] {
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
  return Object.entries(response).filter(([status]) => /^2\d\d$|^2xx$/.test(status));
}

/**
 * A JSON answer's schema: the envelope with a data schema that says something (not any/unknown), or,
 * for a route whose answers differ by result, a union of such envelopes told apart by result.
 */
function envelopeProblem(candidate: unknown): string | undefined {
  if (candidate instanceof z.ZodDiscriminatedUnion) {
    if (candidate.def.discriminator !== 'result') return 'is a union not told apart by result';
    return candidate.options.map(envelopeProblem).find(Boolean);
  }
  if (!(candidate instanceof z.ZodObject)) return 'is not a zod object';
  const shape = candidate.shape as Record<string, z.ZodType>;
  for (const key of ['result', 'resultMessage', 'data']) if (!shape[key]) return `has no ${key}`;
  const data = shape.data;
  if (data instanceof z.ZodAny || data instanceof z.ZodUnknown) return 'says nothing of its data (any/unknown)';
  return undefined;
}

describe('response schemas', () => {
  it('records the routes as the app registers them', () => {
    expect(registered.length).toBeGreaterThan(100);
  });

  it('declares an envelope schema for the success answer of every JSON route', () => {
    const missing: string[] = [];
    for (const { method, url, schema } of registered) {
      if (notJson(method, url)) continue;
      const declared = successSchemas(schema);
      if (declared.length === 0) missing.push(`${method} ${url}: no 2xx response schema`);
      for (const [status, candidate] of declared) {
        const problem = envelopeProblem(candidate);
        if (problem) missing.push(`${method} ${url} ${status}: ${problem}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names only routes that exist in its list of non-JSON answers', () => {
    const known = new Set(registered.map(({ method, url }) => `${method} ${url}`));
    expect([...NOT_JSON].filter((route) => !known.has(route))).toEqual([]);
  });

  it('gives every operation of the OpenAPI document a response shape', () => {
    const shapeless: string[] = [];
    let operations = 0;
    for (const [path, byMethod] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(byMethod)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
        if (notJson(method.toUpperCase(), fastifyPath)) continue;
        operations += 1;
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
        const shaped = success.some(([, answer]) => answer.content?.['application/json']?.schema);
        if (!shaped) shapeless.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(shapeless).toEqual([]);
  });
});
