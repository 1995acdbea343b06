import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK } from '../../../src/shared';
import { authenticate, FORBIDDEN_MESSAGE } from '../../auth/guard';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { loadProfile } from './queries';

/** GET /api/system/profile/{adminId}: one's own profile; user managers may read others'. */
export async function profileModule(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/system/profile/:adminId',
    { schema: { params: z.object({ adminId: z.coerce.number().int().positive() }) }, preHandler: authenticate },
    async (request) => {
      const { adminId } = request.params;
      if (adminId !== request.admin!.id && request.admin!.rank > AREA_RANK.userManagement) {
        throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
      }
      const profile = await loadProfile(app.ctx.db, adminId);
      if (!profile) throw new AppError('NOT_FOUND', 'No such account.');
      return success(profile);
    },
  );
}
