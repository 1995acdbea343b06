import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { completeDocument, operationContract, type RouteSchema } from './openapi-contract';

/**
 * The API reference, generated from the same zod route schemas the server validates with:
 * `GET /api/openapi.json` (OpenAPI 3) and a rendered page at `/api/reference/`. Both are public and
 * read-only: they describe paths and shapes the browser bundle already reveals, and every
 * endpoint they list still checks its own token and rank (docs/decisions.md, "Operations").
 * Registered before the modules so it sees every route. Each operation's id, summary, tag, security
 * and error answers are added by one rule for all of them (openapi-contract.ts), and every answer
 * the API tests receive is checked against this document (tests/api/contract.ts).
 */
export const apiReference = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Campaign Console API',
        version: '1',
        contact: { name: 'Campaign Console maintainers' },
        license: { name: 'Proprietary' },
        description:
          'Every answer is the envelope {result, resultMessage, data}. Sign in with POST /api/auth/signin and /api/auth/signin/otp, then send the access token as `Authorization: Bearer <token>`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A download link carries a short-lived token of its own instead (exports, stored files).
          downloadLink: { type: 'apiKey', in: 'query', name: 'token' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: (input) => {
      // Only the API is documented: the built app's files and index.html are not operations.
      if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      return { ...transformed, schema: { ...transformed.schema, ...operationContract(input.route.method, input.url, transformed.schema as RouteSchema) } };
    },
    // Schemas registered with an id (a recursive tree) become components that their $refs name.
    transformObject: (input) => completeDocument(jsonSchemaTransformObject(input) as Parameters<typeof completeDocument>[0]),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Swagger UI's page loads only its own scripts and styles from 'self', so the console's CSP holds.
  await app.register(swaggerUi, {
    routePrefix: '/api/reference',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: { title: 'Campaign Console API reference' },
  });
});
