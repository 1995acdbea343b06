import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { manualPermissionChangeResponse } from '../../../src/shared';
import { manualPermissionsResource } from '../../../src/shared/resources/manual-permissions';
import { isoNow } from '../../clock';
import type { SignedInAdmin } from '../../context';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { adminIdParams } from '../../http/id-params';
import { scopeOf } from '../users/scope';
import { accountToChange } from '../users/account-rules';
import { findManualPermission, listManualPermissions, manualPermissionColumns, setUploaderFlag } from './queries';
import type { YesNo } from '../../../src/shared/fields';
import { sentence } from '../../../src/i18n/serverMessage';

/**
 * /api/manual-permissions: who holds UPLOADER. User managers
 * (rank ≤ 4) grant and revoke it on the accounts they may edit; the permission is admins.uploader_flag.
 */
export async function manualPermissionsModule(app: FastifyInstance) {
  const { db, clock, sessions } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // A permission is a write on the account, so it follows the same rule as editing it in /api/users.
  const change = async (caller: SignedInAdmin, adminId: number, flag: YesNo) =>
    accountToChange(db, caller, await scopeOf(db, caller), adminId, sentence(flag === 'Y' ? 'users.action.grantUploaderOn' : 'users.action.revokeUploaderOn'));
  const setFlag = async (adminId: number, flag: YesNo, now: string) => {
    await setUploaderFlag(db, adminId, flag, now);
    // The holder's next call sees it, on every instance, without signing in again.
    await sessions.changed({ adminId });
  };

  const { writers } = crudRoutes(app, manualPermissionsResource, {
    store: {
      ...manualPermissionColumns,
      list: async (list, request) => listManualPermissions(db, await scopeOf(db, request.admin!), list),
      find: (adminId) => findManualPermission(db, adminId),
      insert: async ({ adminId }, now) => {
        await setFlag(adminId, 'Y', now);
        return adminId;
      },
    },
    check: async ({ adminId }, _current, request) => void (await change(request.admin!, adminId, 'Y')),
    messages: (event) => (event === 'added' ? sentence('manualPermissions.theUploaderPermissionHasBeen') : undefined),
  });

  routes.delete('/manual-permissions/:adminId', { ...writers, schema: { params: adminIdParams, response: { 200: manualPermissionChangeResponse } } }, async (request) => {
    const { adminId } = request.params;
    await change(request.admin!, adminId, 'N');
    await setFlag(adminId, 'N', isoNow(clock));
    return success({ adminId, privType: null }, sentence('manualPermissions.theUploaderPermissionHasBeen2'));
  });
}
