import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reissueBody, signOutBody } from '../../src/shared';
import { success } from '../http/envelope';
import { authenticate } from './guard';
import { reissue, revokeSession, revokeSessionByRefreshToken } from './sessions';

export async function sessionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/auth/reissue', { schema: { body: reissueBody } }, async (request) => success(await reissue(ctx, request.body.refreshToken)));

  // Sign-out always succeeds for the caller; it ends the session named by the access or refresh token.
  routes.post('/auth/signout', { schema: { body: signOutBody.optional() } }, async (request) => {
    if (request.headers.authorization) {
      await authenticate(request).catch(() => undefined);
      if (request.admin) await revokeSession(ctx, request.admin.sessionId, 'SIGNED_OUT');
    }
    if (request.body?.refreshToken) await revokeSessionByRefreshToken(ctx, request.body.refreshToken, 'SIGNED_OUT');
    return success(null, 'Signed out.');
  });
}
