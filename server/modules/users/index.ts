import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyEnvelope, userDetailResponse, userFormOptionsResponse, userListResponse } from '../../../src/shared';
import { AREA_RANK, approvalDecisionInput, bulkApprovalInput, userStatusInput, userUpdateInput } from '../../../src/shared';
import { authenticate, FORBIDDEN_MESSAGE, requireRank } from '../../auth/guard';
import { sendPasswordResetLink } from '../../auth/password-routes';
import { isoNow } from '../../clock';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { decideApprovals } from './approval';
import { accountToChange, assertCanReadAccount } from './account-rules';
import { setStatus, updateUser } from './edit';
import { listUsers, loadFormOptions, loadUserDetail, takeLockedFilter, unlockAccount, userListSpec } from './queries';
import { scopeOf } from './scope';

/** Approvals are open to user managers (rank ≤ 4) and to approvers of any rank. */
async function approverGuard(request: FastifyRequest) {
  await authenticate(request);
  const caller = request.admin!;
  if (caller.rank > AREA_RANK.userManagement && !caller.approver) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
}

/** /api/users: user management (rank ≤ 4), every read and write limited to the caller's scope. */
export async function usersModule(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const managerOnly = { onRequest: requireRank(AREA_RANK.userManagement) };
  const scope = (request: FastifyRequest) => scopeOf(ctx.db, request.admin!);

  routes.get('/users', { ...managerOnly, schema: { querystring: listQuerystring, response: { 200: userListResponse } } }, async (request) => {
    const { filter, locked } = takeLockedFilter(request.query.filter);
    const listRequest = parseListQuery({ ...request.query, filter }, userListSpec);
    return success(await listUsers(ctx.db, await scope(request), listRequest, isoNow(ctx.clock), locked));
  });

  routes.get('/users/options', { ...managerOnly, schema: { response: { 200: userFormOptionsResponse } } }, async () => success(await loadFormOptions(ctx.db)));

  routes.get('/users/:id', { ...managerOnly, schema: { params: idParams, response: { 200: userDetailResponse } } }, async (request) => {
    const { id } = request.params;
    await assertCanReadAccount(ctx.db, request.admin!, id);
    const detail = await loadUserDetail(ctx.db, id, isoNow(ctx.clock));
    if (!detail) throw new AppError('NOT_FOUND', 'No such account.');
    return success(detail);
  });

  routes.put('/users/:id', { ...managerOnly, schema: { params: idParams, body: userUpdateInput, response: { 200: userDetailResponse } } }, async (request) => {
    await updateUser(ctx, request.admin!, await scope(request), request.params.id, request.body);
    return success(await loadUserDetail(ctx.db, request.params.id, isoNow(ctx.clock)), 'The account has been saved.');
  });

  routes.put('/users/:id/status', { ...managerOnly, schema: { params: idParams, body: userStatusInput, response: { 200: userDetailResponse } } }, async (request) => {
    const { statusCode } = request.body;
    await setStatus(ctx, request.admin!, await scope(request), request.params.id, statusCode);
    return success(
      await loadUserDetail(ctx.db, request.params.id, isoNow(ctx.clock)),
      statusCode === 'ACTIVE' ? 'The account has been activated.' : 'The account has been deactivated and signed out.',
    );
  });

  routes.post('/users/:id/unlock', { ...managerOnly, schema: { params: idParams, response: { 200: userDetailResponse } } }, async (request) => {
    const target = await accountToChange(ctx.db, request.admin!, await scope(request), request.params.id, 'unlock');
    await unlockAccount(ctx.db, target.id, isoNow(ctx.clock));
    return success(await loadUserDetail(ctx.db, target.id, isoNow(ctx.clock)), 'The account has been unlocked.');
  });

  routes.post('/users/:id/password-reset', { ...managerOnly, schema: { params: idParams, response: { 200: emptyEnvelope } } }, async (request) => {
    const target = await accountToChange(ctx.db, request.admin!, await scope(request), request.params.id, 'reset the password of');
    if (target.status_code !== 'ACTIVE' || target.approval_status_code !== 'APPROVED') {
      throw new AppError('CONFLICT', 'Only an active, approved account can be sent a password reset link.');
    }
    await sendPasswordResetLink(ctx, target, 'recipient');
    return success(null, `A link to set a new password has been sent to ${target.email}.`);
  });

  routes.put('/users/:id/approval', { onRequest: approverGuard, schema: { params: idParams, body: approvalDecisionInput, response: { 200: emptyEnvelope } } }, async (request) => {
    await decideApprovals(ctx, await scope(request), [request.params.id], request.body);
    return success(null, request.body.approvalStatusCode === 'APPROVED' ? 'The account has been approved.' : 'The account has been rejected.');
  });

  routes.post('/users/approval', { onRequest: approverGuard, schema: { body: bulkApprovalInput, response: { 200: emptyEnvelope } } }, async (request) => {
    await decideApprovals(ctx, await scope(request), request.body.ids, request.body);
    const count = new Set(request.body.ids).size;
    return success(null, count === 1 ? 'The account has been approved.' : `${count} accounts have been approved.`);
  });
}
