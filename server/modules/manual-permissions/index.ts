import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AREA_RANK, manualPermissionChangeResponse, manualPermissionInput, manualPermissionListResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { success } from '../../http/envelope';
import { adminIdParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import type { SignedInAdmin } from '../../context';
import { scopeOf } from '../users/scope';
import { accountToChange } from '../users/account-rules';
import { listManualPermissions, manualPermissionListSpec, setUploaderFlag } from './queries';
import type { YesNo } from '../../../src/shared/fields';

/**
 * /api/manual-permissions: who holds UPLOADER (SPEC §3 "Manual permission"). User managers
 * (rank ≤ 4) grant and revoke it on the accounts they may edit; the permission is admins.uploader_flag.
 */
export async function manualPermissionsModule(app: FastifyInstance) {
  const { db, clock, sessions } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const managers = { onRequest: requireRank(AREA_RANK.userManagement) };

  routes.get('/manual-permissions', { ...managers, schema: { querystring: listQuerystring, response: { 200: manualPermissionListResponse } } }, async (request) => {
    const list = parseListQuery(request.query, manualPermissionListSpec);
    return success(await listManualPermissions(db, await scopeOf(db, request.admin!), list));
  });

  // A permission is a write on the account, so it follows the same rule as editing it in /api/users.
  const setFlag = async (caller: SignedInAdmin, adminId: number, flag: YesNo) => {
    await accountToChange(db, caller, await scopeOf(db, caller), adminId, flag === 'Y' ? 'grant UPLOADER on' : 'revoke UPLOADER on');
    await setUploaderFlag(db, adminId, flag, isoNow(clock));
    // The holder's next call sees it, on every instance, without signing in again.
    await sessions.changed({ adminId });
  };

  routes.post('/manual-permissions', { ...managers, schema: { body: manualPermissionInput, response: { 200: manualPermissionChangeResponse } } }, async (request) => {
    await setFlag(request.admin!, request.body.adminId, 'Y');
    return success({ adminId: request.body.adminId, privType: 'UPLOADER' }, 'The UPLOADER permission has been granted.');
  });

  routes.delete('/manual-permissions/:adminId', { ...managers, schema: { params: adminIdParams, response: { 200: manualPermissionChangeResponse } } }, async (request) => {
    await setFlag(request.admin!, request.params.adminId, 'N');
    return success({ adminId: request.params.adminId, privType: null }, 'The UPLOADER permission has been revoked.');
  });
}
