import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { AREA_RANK, manualPermissionChangeResponse, manualPermissionInput, manualPermissionListResponse, type ManualPermission } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { success } from '../../http/envelope';
import { recordId } from '../../http/id-params';
import { listPage, listQuerystring, parseListQuery, type ListSpec } from '../../http/list-query';
import type { SignedInAdmin } from '../../context';
import { scopeCondition, scopeOf } from '../users/scope';
import { accountToChange } from '../users/account-rules';

const listSpec: ListSpec = {
  sortable: { adminId: 'admins.id', name: 'admins.first_name', email: 'admins.email', privType: 'admins.uploader_flag' },
  defaultSort: ['email', 'ASC'],
  // The API speaks the SPEC's word, the column holds Y/N. Non-holders are NONE: their privType is null, but a null filter means no filter.
  filters: { privType: { column: 'admins.uploader_flag', kind: 'eq', type: 'text', values: { UPLOADER: 'Y', NONE: 'N' } } },
  search: ['admins.email', 'admins.first_name', 'admins.last_name'],
};
const adminParams = z.object({ adminId: recordId });

/**
 * /api/manual-permissions: who holds UPLOADER (SPEC §3 "Manual permission"). User managers
 * (rank ≤ 4) grant and revoke it on the accounts they may edit; the permission is admins.uploader_flag.
 */
export async function manualPermissionsModule(app: FastifyInstance) {
  const { db, clock, sessions } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const managers = { onRequest: requireRank(AREA_RANK.userManagement) };

  routes.get('/manual-permissions', { ...managers, schema: { querystring: listQuerystring, response: { 200: manualPermissionListResponse } } }, async (request) => {
    const list = parseListQuery(request.query, listSpec);
    const scope = scopeCondition(await scopeOf(db, request.admin!));
    const base = db.selectFrom('admins').where('admins.approval_status_code', '=', 'APPROVED').where('admins.status_code', '=', 'ACTIVE');
    const page = await listPage(scope ? base.where(scope) : base, list, (q) =>
      q.select(['admins.id as adminId', sql<string>`admins.first_name || ' ' || admins.last_name`.as('name'), 'admins.email', 'admins.uploader_flag']), 'admins.id');
    const permissions: ManualPermission[] = page.list.map((row) => ({ adminId: row.adminId, name: row.name, email: row.email, privType: row.uploader_flag === 'Y' ? 'UPLOADER' : null }));
    return success({ ...page, list: permissions });
  });

  // A permission is a write on the account, so it follows the same rule as editing it in /api/users.
  const setFlag = async (caller: SignedInAdmin, adminId: number, flag: 'Y' | 'N') => {
    await accountToChange(db, caller, await scopeOf(db, caller), adminId, flag === 'Y' ? 'grant UPLOADER on' : 'revoke UPLOADER on');
    await db.updateTable('admins').set({ uploader_flag: flag, updated_at: isoNow(clock) }).where('id', '=', adminId).execute();
    // The holder's next call sees it, on every instance, without signing in again.
    await sessions.changed({ adminId });
  };

  routes.post('/manual-permissions', { ...managers, schema: { body: manualPermissionInput, response: { 200: manualPermissionChangeResponse } } }, async (request) => {
    await setFlag(request.admin!, request.body.adminId, 'Y');
    return success({ adminId: request.body.adminId, privType: 'UPLOADER' }, 'The UPLOADER permission has been granted.');
  });

  routes.delete('/manual-permissions/:adminId', { ...managers, schema: { params: adminParams, response: { 200: manualPermissionChangeResponse } } }, async (request) => {
    await setFlag(request.admin!, request.params.adminId, 'N');
    return success({ adminId: request.params.adminId, privType: null }, 'The UPLOADER permission has been revoked.');
  });
}
