import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyEnvelope, userDetailResponse, userFormOptionsResponse } from '../../../src/shared';
import { AREA_RANK, approvalDecisionInput, bulkApprovalInput, userStatusInput } from '../../../src/shared';
import { usersResource } from '../../../src/shared/resources/users';
import { authenticate, FORBIDDEN_MESSAGE } from '../../auth/guard';
import { sendPasswordResetLink } from '../../auth/password-routes';
import { isoNow } from '../../clock';
import { AppError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { decideApprovals } from './approval';
import { accountToChange } from './account-rules';
import { setStatus, updateUser } from './edit';
import { listUsers, loadFormOptions, loadUserDetail, loadUserDetails, unlockAccount, userColumns } from './queries';
import { inScope, scopeOf } from './scope';
import { sentence } from '../../../src/i18n/serverMessage';
/** Approvals are open to user managers (rank ≤ 4) and to approvers of any rank. */
async function approverGuard(request: FastifyRequest) {
  await authenticate(request);
  const caller = request.admin!;
  if (caller.rank > AREA_RANK.userManagement && !caller.approver) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
}

/**
 * /api/users: user management (rank ≤ 4), every read and write limited to the caller's scope. The
 * list, an account and its edit come from usersResource; the commands on an account sit beside.
 */
export async function usersModule(app: FastifyInstance) {
  const { ctx } = app;
  const { db, clock } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const scope = (request: FastifyRequest) => scopeOf(db, request.admin!);
  const detail = (id: number) => loadUserDetail(db, id, isoNow(clock));

  const { readers, writers } = crudRoutes(app, usersResource, {
    store: {
      ...userColumns,
      list: async (list, request) => listUsers(db, await scope(request), list, isoNow(clock)),
      find: detail,
      findMany: (ids) => loadUserDetails(db, ids, isoNow(clock)),
      // updateUser holds every rule of an edit: whose account, which level, which codes, and the sessions it ends.
      update: async (id, input, _now, { request }) => {
        await updateUser(ctx, request.admin!, await scope(request), id, input);
        return true;
      },
    },
    scope: {
      sees: async (request, account) => inScope(db, await scope(request), account.id),
    },
  });

  routes.get('/users/options', { ...readers, schema: { response: { 200: userFormOptionsResponse } } }, async () => success(await loadFormOptions(db)));

  routes.put('/users/:id/status', { ...writers, schema: { params: idParams, body: userStatusInput, response: { 200: userDetailResponse } } }, async (request) => {
    const { statusCode } = request.body;
    await setStatus(ctx, request.admin!, await scope(request), request.params.id, statusCode);
    return success(await detail(request.params.id), statusCode === 'ACTIVE' ? sentence('users.theAccountHasBeenActivated') : sentence('users.theAccountHasBeenDeactivated'));
  });

  routes.post('/users/:id/unlock', { ...writers, schema: { params: idParams, response: { 200: userDetailResponse } } }, async (request) => {
    const target = await accountToChange(db, request.admin!, await scope(request), request.params.id, sentence('users.action.unlock'));
    await unlockAccount(db, target.id, isoNow(clock));
    return success(await detail(target.id), sentence('users.theAccountHasBeenUnlocked'));
  });

  routes.post('/users/:id/password-reset', { ...writers, schema: { params: idParams, response: { 200: emptyEnvelope } } }, async (request) => {
    const target = await accountToChange(db, request.admin!, await scope(request), request.params.id, sentence('users.action.resetThePasswordOf'));
    if (target.status_code !== 'ACTIVE' || target.approval_status_code !== 'APPROVED') {
      throw new AppError('CONFLICT', sentence('users.onlyAnActiveApprovedAccount'));
    }
    await sendPasswordResetLink(ctx, target, 'recipient');
    return success(null, sentence('users.aLinkToSetA', { email: target.email }));
  });

  routes.put('/users/:id/approval', { onRequest: approverGuard, schema: { params: idParams, body: approvalDecisionInput, response: { 200: emptyEnvelope } } }, async (request) => {
    await decideApprovals(ctx, await scope(request), [request.params.id], request.body);
    return success(null, request.body.approvalStatusCode === 'APPROVED' ? sentence('users.theAccountHasBeenApproved') : sentence('users.theAccountHasBeenRejected'));
  });

  routes.post('/users/approval', { onRequest: approverGuard, schema: { body: bulkApprovalInput, response: { 200: emptyEnvelope } } }, async (request) => {
    await decideApprovals(ctx, await scope(request), request.body.ids, request.body);
    const count = new Set(request.body.ids).size;
    return success(null, count === 1 ? sentence('users.theAccountHasBeenApproved') : sentence('users.accountsHaveBeenApproved', { count }));
  });
}
