import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK } from '../../../src/shared';
import { authenticate, FORBIDDEN_MESSAGE } from '../../auth/guard';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { decideApproval } from './approval';

const approvalBody = z.discriminatedUnion('approvalStatusCode', [
  z.strictObject({ approvalStatusCode: z.literal('APPROVED') }),
  z.strictObject({ approvalStatusCode: z.literal('REJECTED'), reason: z.string().trim().min(1).max(500) }),
]);

/** User management; approval is open to user managers (rank ≤ 4) and to approvers. */
export async function usersModule(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/users/:id/approval',
    { schema: { params: z.object({ id: z.coerce.number().int().positive() }), body: approvalBody }, preHandler: authenticate },
    async (request) => {
      const caller = request.admin!;
      if (caller.rank > AREA_RANK.userManagement && !caller.approver) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
      await decideApproval(app.ctx, request.params.id, request.body);
      return success(null, request.body.approvalStatusCode === 'APPROVED' ? 'The account has been approved.' : 'The account has been rejected.');
    },
  );
}
