import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileResponse } from '../../../src/shared';
import { authenticate } from '../../auth/guard';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { adminIdParams } from '../../http/id-params';
import { assertCanReadAccount } from '../users/account-rules';
import { loadProfile } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

/** GET /api/system/profile/{adminId}: one's own profile; another's under the read rule of GET /api/users/{id}. */
export async function profileModule(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/system/profile/:adminId', { schema: { params: adminIdParams, response: { 200: profileResponse } }, onRequest: authenticate }, async (request) => {
    const { adminId } = request.params;
    if (adminId !== request.admin!.id) await assertCanReadAccount(app.ctx.db, request.admin!, adminId);
    const profile = await loadProfile(app.ctx.db, adminId);
    if (!profile) throw new AppError('NOT_FOUND', sentence('profile.noSuchAccount'));
    return success(profile);
  });
}
