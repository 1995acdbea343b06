import { sql } from 'kysely';
import type { ListPage, ManualPermission } from '../../../src/shared';
import type { Db } from '../../db/database';
import { listPage, type ListRequest } from '../../db/list-page';
import { scopeCondition, type UserScope } from '../users/scope';
import type { YesNo } from '../../../src/shared/fields';

/** The list's fields whose column is not their snake_case name, for manualPermissionsResource's whitelist: the permission is admins.uploader_flag. */
export const manualPermissionColumns = { table: 'admins', columns: { adminId: 'id', name: 'first_name', privType: 'uploader_flag' } } as const;

/** The API's words for uploader_flag's values in a privType filter (any other is a 400). */
const permissionColumns = ['admins.id as adminId', sql<string>`admins.first_name || ' ' || admins.last_name`.as('name'), 'admins.email', 'admins.uploader_flag'] as const;

const permissionOf = (row: { adminId: number; name: string; email: string; uploader_flag: string }): ManualPermission => ({
  adminId: row.adminId,
  name: row.name,
  email: row.email,
  privType: row.uploader_flag === 'Y' ? 'UPLOADER' : null,
});

/** Active, approved accounts in the caller's scope, each with whether it holds UPLOADER. */
export async function listManualPermissions(db: Db, scope: UserScope, request: ListRequest): Promise<ListPage<ManualPermission>> {
  const inScope = scopeCondition(scope);
  const base = db.selectFrom('admins').where('admins.approval_status_code', '=', 'APPROVED').where('admins.status_code', '=', 'ACTIVE');
  const page = await listPage(inScope ? base.where(inScope) : base, request, (q) => q.select(permissionColumns), 'admins.id', { db });
  return { ...page, list: page.list.map(permissionOf) };
}

/** One account's permission, as a grant answers it. */
export async function findManualPermission(db: Db, adminId: number): Promise<ManualPermission | undefined> {
  const row = await db.selectFrom('admins').select(permissionColumns).where('admins.id', '=', adminId).executeTakeFirst();
  return row && permissionOf(row);
}

export async function setUploaderFlag(db: Db, adminId: number, flag: YesNo, now: string): Promise<void> {
  await db.updateTable('admins').set({ uploader_flag: flag, updated_at: now }).where('id', '=', adminId).execute();
}
