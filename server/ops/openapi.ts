import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API reference, generated from the same zod route schemas the server validates with:
 * `GET /api/openapi.json` (OpenAPI 3) and a rendered page at `/api/reference/`. Both are public and
 * read-only: they describe paths and shapes the browser bundle already reveals, and every
 * endpoint they list still checks its own token and rank (docs/decisions.md, "Operations").
 * Registered before the modules so it sees every route.
 */
export const apiReference = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Campaign Console API',
        version: '1',
        description:
          'Every answer is the envelope {result, resultMessage, data}. Sign in with POST /api/auth/signin and /api/auth/signin/otp, then send the access token as `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    // One group per area (auth, users, projects …) instead of one long "default" list.
    transform: (route) => {
      const transformed = jsonSchemaTransform(route);
      return { ...transformed, schema: { ...transformed.schema, tags: [route.url.split('/')[2] ?? 'api'] } };
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Swagger UI's page loads only its own scripts and styles from 'self', so the console's CSP holds.
  await app.register(swaggerUi, {
    routePrefix: '/api/reference',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: { title: 'Campaign Console API reference' },
  });
});
