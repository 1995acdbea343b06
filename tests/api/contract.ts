import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { documentPath } from '../../server/ops/openapi-contract';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: object;
}

/**
 * Checks every answer a test app gives against the published OpenAPI document: the operation is
 * documented, the status is one it declares, and a JSON body matches that status's schema. The
 * harness reads the violations when the app closes and fails the spec file with them, so the
 * document cannot drift from what the server really answers.
 */
export function watchContract(app: FastifyInstance): { violations: string[] } {
  const violations: string[] = [];
  let document: Document | undefined;
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();

  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || (request.routeOptions.schema as { hide?: boolean } | undefined)?.hide) return payload;
    if (route.startsWith('/api/reference')) return payload;
    document ??= app.swagger() as unknown as Document;
    const method = request.method.toLowerCase();
    const path = documentPath(route);
    const operation = document.paths[path]?.[method];
    const where = `${request.method} ${path} → ${reply.statusCode}`;
    if (!operation) {
      violations.push(`${where}: the operation is not in the document`);
      return payload;
    }
    const declared = operation.responses[String(reply.statusCode)] ?? operation.responses.default;
    if (!declared) {
      violations.push(`${where}: status not declared (declared: ${Object.keys(operation.responses).join(', ')})`);
      return payload;
    }
    const schema = declared.content?.['application/json']?.schema;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!schema || !type.includes('json') || typeof payload !== 'string') return payload;
    const key = `${method} ${path} ${reply.statusCode}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: document.components });
      compiled.set(key, validate);
    }
    if (!validate(JSON.parse(payload))) violations.push(`${where}: body does not match (${ajv.errorsText(validate.errors)})`);
    return payload;
  });
  return { violations };
}
