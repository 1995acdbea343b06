import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyEnvelope, livePermissionsResponse, tokenPairResponse } from '../../src/shared';
import { AUTHORITY_RANKS, GUEST_LEVEL, reissueBody, signOutBody, type Authority, type LivePermissions } from '../../src/shared';
import { success } from '../http/envelope';
import { authenticate } from './guard';
import { reissue, revokeSession, revokeSessionByRefreshToken } from './sessions';
import { sentence } from '../../src/i18n/serverMessage';

export async function sessionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/auth/reissue', { schema: { body: reissueBody, response: { 200: tokenPairResponse } } }, async (request) => success(await reissue(ctx, request.body.refreshToken)));

  // The browser shapes its menus and gates from this, so a grant or revoke shows without signing in again.
  routes.get('/auth/permissions', { schema: { response: { 200: livePermissionsResponse } }, onRequest: authenticate }, async (request) => {
    const admin = request.admin!;
    const permissions: LivePermissions = {
      rank: admin.rank,
      level: AUTHORITY_RANKS[admin.authority as Authority]?.level ?? GUEST_LEVEL,
      authorities: [admin.authority, ...(admin.approver ? ['approval-admin'] : [])],
      uploader: admin.uploader,
      creator: admin.creator,
      approver: admin.approver,
    };
    return success(permissions);
  });

  await app.register(signOutRoute);
}

/**
 * Sign-out always succeeds for the caller; it ends the session named by the access or refresh
 * token. Clients call it with the Bearer token, a `user-id` header and no body, and clients send
 * that with or without `content-type: application/json`: here an empty JSON body is no body.
 */
async function signOutRoute(app: FastifyInstance) {
  const { ctx } = app;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      // The error handler answers a 400 SyntaxError as "not valid JSON", like every other route.
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });
  app.withTypeProvider<ZodTypeProvider>().post('/auth/signout', { schema: { body: signOutBody.nullish(), response: { 200: emptyEnvelope } } }, async (request) => {
    if (request.headers.authorization) {
      await authenticate(request).catch(() => undefined);
      if (request.admin) await revokeSession(ctx, request.admin.sessionId, 'SIGNED_OUT');
    }
    if (request.body?.refreshToken) await revokeSessionByRefreshToken(ctx, request.body.refreshToken, 'SIGNED_OUT');
    return success(null, sentence('auth.signedOut'));
  });
}
