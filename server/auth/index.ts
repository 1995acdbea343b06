import type { FastifyInstance } from 'fastify';
import { passwordRoutes } from './password-routes';
import { sessionRoutes } from './session-routes';
import { signInRoutes } from './signin-routes';
import { signUpRoutes } from './signup-routes';

/** Every /api/auth endpoint (docs/api.md, docs/security.md). */
export async function authModule(app: FastifyInstance) {
  await app.register(signInRoutes);
  await app.register(signUpRoutes);
  await app.register(passwordRoutes);
  await app.register(sessionRoutes);
}
