/**
 * What the OpenAPI document says of each operation besides its shapes: an operationId, a summary,
 * a tag, whether it needs a token, and every failure it can answer. One rule for every route, so a
 * new route is documented the moment it exists; tests/api/contract.ts checks each answer the API
 * tests receive against it, so a status this rule misses fails a test instead of drifting.
 */

import { LINK_KINDS } from '../links';
import { checksVersion } from '../modules/activity/routes-table';

/** Operations a visitor without a token may call: signing in and up, resets, terms, probes, signed links. */
const PUBLIC_OPERATIONS = new Set([
  'POST /api/auth/signin',
  'POST /api/auth/signin/otp',
  'POST /api/auth/signin/otp/resend',
  'POST /api/auth/admin/agreement',
  'POST /api/auth/admin/initial-password',
  'GET /api/auth/terms',
  'GET /api/auth/signup-options',
  'POST /api/auth/otp',
  'POST /api/auth/otp/verification',
  'POST /api/auth/signup',
  'POST /api/auth/password/reset',
  'PUT /api/auth/password/reset',
  'GET /api/auth/password/reset/{token}',
  'POST /api/auth/reissue',
  'POST /api/auth/signout',
  'GET /api/health',
  'GET /api/ready',
]);

const links = Object.values(LINK_KINDS);
/** Downloads the browser opens itself: a bearer token or the link's own `?token=` (stored files, shown for their hour). */
const SIGNED_LINK_OPERATIONS = new Set<string>(links.filter((link) => !link.singleUse).map((link) => link.route));
/** Exports opened once by a link whose `?token=` names the session that asked: no bearer header; a second use is a 410. */
const LINK_ONLY_OPERATIONS = new Set<string>(links.filter((link) => link.singleUse).map((link) => link.route));

/** Reads that can also answer a failure the rules above give only to writes. */
const EXTRA_FAILURES = new Map<string, number[]>([
  // A project whose dashboard is not on the Tableau server gets no token.
  ['GET /api/projects/{id}/dashboard-token', [409]],
  // A project's plans and shares, filtered by a project the caller cannot see: "No such project".
  ['GET /api/plans', [404]],
  ['GET /api/project-shares', [404]],
  // An upload's file is handed back only once its check passed.
  ['GET /api/uploads/{id}/file', [409]],
]);

/** Operations that answer server-sent events (the record changes' stream) rather than a file. */
const EVENT_STREAMS = new Set(['GET /api/events']);

const FAILURES: Record<number, string> = {
  400: 'The request is not valid: the message names the field.',
  401: 'No valid token, or the session has ended.',
  403: 'The caller’s rank or share does not allow this.',
  404: 'No such record.',
  409: 'The change conflicts with the current state (a duplicate, or a record in use).',
  410: 'This download link was already used: ask for a new one.',
  412: 'The record changed since the version named in If-Match (STALE_VERSION): nothing was written.',
  413: 'The body or file is too large.',
  423: 'The account is locked.',
  429: 'Too many attempts: wait and try again.',
  500: 'The server failed; nothing was changed.',
  503: 'A service the server needs (database, file store, Tableau) is unavailable; try again.',
  507: 'The server is out of storage space; nothing was stored.',
};

/** Every failure answers the envelope, its data null or the field errors. */
export const errorEnvelopeSchema = {
  type: 'object',
  properties: {
    result: { type: 'string', description: 'The result code, e.g. VALIDATION_ERROR.' },
    resultMessage: { type: 'string', description: 'What went wrong, in words.' },
    data: { description: 'Field errors ({errors: [{field, message}]}), why a session ended ({reason}, on a 401), or null.' },
  },
  required: ['result', 'resultMessage', 'data'],
} as const;

/** The envelope schema as @fastify/swagger writes it into a response (with the response's description). */
function isErrorEnvelope(schema: unknown): boolean {
  const { properties, required } = (schema ?? {}) as { properties?: unknown; required?: unknown };
  return JSON.stringify({ properties, required }) === JSON.stringify({ properties: errorEnvelopeSchema.properties, required: errorEnvelopeSchema.required });
}

export interface RouteSchema {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  consumes?: unknown;
  response?: Record<string, unknown>;
}

/** `/api/users/:id` → `/api/users/{id}`, as the document names paths. */
export function documentPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

export function operationContract(method: string | string[], url: string, schema: RouteSchema | undefined) {
  const verb = (Array.isArray(method) ? method[0] : method).toUpperCase();
  const path = documentPath(url);
  const key = `${verb} ${path}`;
  const isPublic = PUBLIC_OPERATIONS.has(key);
  const statuses = new Set<number>([500, 503]);
  if (!isPublic) statuses.add(401).add(403);
  if (isPublic && verb !== 'GET') statuses.add(400).add(401).add(403).add(423).add(429);
  if (schema?.params || schema?.querystring || schema?.body || verb !== 'GET') statuses.add(400);
  // A write may name other records in its body (ids to approve, a dataset to upload into).
  if (path.includes('{') || verb !== 'GET') statuses.add(404);
  if (verb !== 'GET') statuses.add(409).add(413);
  if (url.startsWith('/api/uploads') || url.startsWith('/api/files') || url.startsWith('/api/datasets')) statuses.add(507);
  for (const status of EXTRA_FAILURES.get(key) ?? []) statuses.add(status);
  if (LINK_ONLY_OPERATIONS.has(key)) statuses.add(410);
  if (checksVersion(`${verb} ${url}`)) statuses.add(412);
  const response: Record<string, unknown> = {};
  // A route that declares no success shape streams a file (an export, an original upload).
  if (!Object.keys(schema?.response ?? {}).some((status) => status.startsWith('2'))) response[200] = EVENT_STREAMS.has(key) ? EVENT_STREAM : DOWNLOAD;
  if (SIGNED_LINK_OPERATIONS.has(key)) response[304] = { description: 'The copy the browser holds is current (If-None-Match).' };
  for (const status of [...statuses].sort((a, b) => a - b)) response[status] = { description: FAILURES[status], ...errorEnvelopeSchema };
  const needsToken = !isPublic && !SIGNED_LINK_OPERATIONS.has(key) && !LINK_ONLY_OPERATIONS.has(key);
  const title = summary(verb, path);
  return {
    operationId: operationId(verb, path),
    summary: title,
    description: `${title}. ${isPublic ? 'Needs no token.' : needsToken ? 'Needs a bearer token; the server checks the caller’s rank and scope.' : LINK_ONLY_OPERATIONS.has(key) ? 'Needs the export link’s own token.' : 'Needs a bearer token or the download link’s own token.'} Answers the envelope {result, resultMessage, data}.`,
    tags: [path.split('/')[2] ?? 'api'],
    ...(needsToken ? {} : { security: securityOf(isPublic, key) }),
    response: { ...response, ...schema?.response },
  };
}

/** No requirement for a public operation; the link's token (or a bearer token) for a download. */
function securityOf(isPublic: boolean, key: string): Record<string, string[]>[] {
  if (isPublic) return [];
  return LINK_ONLY_OPERATIONS.has(key) ? [{ downloadLink: [] }] : [{ bearerAuth: [] }, { downloadLink: [] }];
}

const EVENT_STREAM = {
  description:
    'Server-sent events, open until the session ends or the server stops: `data: {type, resource, id, by, at}` for each record change the caller may read (docs/api.md), and a comment line every 25 s.',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};
const DOWNLOAD = { description: 'The file itself, as a download.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };

interface OpenApiDocument {
  paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components?: { schemas?: Record<string, unknown> };
  tags?: { name: string; description: string }[];
}

/**
 * The finished document: its tags listed, components no operation names dropped, and OpenAPI 3.0's
 * `nullable` kept beside a `type` (zod writes a nullable union as `anyOf` + `nullable`).
 */
export function completeDocument<T extends OpenApiDocument>(document: T): T {
  // Tags in the order the routes are registered: sign-in first, as the reference page lists them.
  const tags = new Set(Object.values(document.paths).flatMap((operations) => Object.values(operations).flatMap((operation) => operation.tags ?? [])));
  document.tags = [...tags].map((name) => ({ name, description: `Operations under /api/${name}.` }));
  nullableBesideType(document);
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ErrorEnvelope: errorEnvelopeSchema } };
  // Every failure names the one envelope schema rather than repeating it (a tenth of the document's size).
  for (const operation of Object.values(document.paths).flatMap((operations) => Object.values(operations))) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const content = response.content?.['application/json'];
      if (Number(status) >= 400 && content && isErrorEnvelope(content.schema)) content.schema = { $ref: '#/components/schemas/ErrorEnvelope' };
    }
  }
  const schemas = document.components.schemas!;
  const named = (name: string, text: string) => text.includes(`"#/components/schemas/${name}"`);
  // A recursive schema names itself, so only names from the operations or another component keep one.
  for (const name of Object.keys(schemas)) {
    const others = Object.entries(schemas).filter(([other]) => other !== name);
    if (!named(name, JSON.stringify(document.paths)) && !named(name, JSON.stringify(others))) delete schemas[name];
  }
  return document;
}

function nullableBesideType(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableBesideType);
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.anyOf)) {
    delete schema.nullable;
    schema.anyOf = [...schema.anyOf, { type: 'string', nullable: true, enum: [null] }];
  }
  // OpenAPI 3.0.3: `nullable` does not widen an `enum`, so a nullable code lists null among its values.
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  Object.values(schema).forEach(nullableBesideType);
}

/** `GET /api/users/{id}/status` → `getUsersByIdStatus`: unique because method and path are. */
function operationId(verb: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [verb.toLowerCase(), ...words.map((word) => word[0].toUpperCase() + word.slice(1))].join('');
}

/** A short sentence from the method and path: "Read users by id", "Send users by id unlock". */
function summary(verb: string, path: string): string {
  const verbs: Record<string, string> = { GET: 'Read', POST: 'Send', PUT: 'Change', DELETE: 'Delete' };
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => (segment.startsWith('{') ? `by ${segment.slice(1, -1)}` : segment.replaceAll('-', ' ')));
  return [verbs[verb] ?? verb, ...words].join(' ');
}
