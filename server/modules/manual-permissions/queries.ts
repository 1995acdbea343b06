import { sql } from 'kysely';
import type { ListPage, ManualPermission } from '../../../src/shared';
import type { Db } from '../../db/database';
import { listPage, type ListRequest, type ListSpec } from '../../http/list-query';
import { scopeCondition, type UserScope } from '../users/scope';
import type { YesNo } from '../../../src/shared/fields';

export const manualPermissionListSpec: ListSpec = {
  table: 'admins',
  sortable: { adminId: 'id', name: 'first_name', email: 'email', privType: 'uploader_flag' },
  defaultSort: ['email', 'ASC'],
  // The API speaks the SPEC's word, the column holds Y/N. Non-holders are NONE: their privType is null, but a null filter means no filter.
  filters: { privType: { column: 'uploader_flag', kind: 'eq', type: 'text', values: { UPLOADER: 'Y', NONE: 'N' } } },
  search: ['email', 'first_name', 'last_name'],
};

/** Active, approved accounts in the caller's scope, each with whether it holds UPLOADER. */
export async function listManualPermissions(db: Db, scope: UserScope, request: ListRequest): Promise<ListPage<ManualPermission>> {
  const inScope = scopeCondition(scope);
  const base = db.selectFrom('admins').where('admins.approval_status_code', '=', 'APPROVED').where('admins.status_code', '=', 'ACTIVE');
  const page = await listPage(
    inScope ? base.where(inScope) : base,
    request,
    (q) => q.select(['admins.id as adminId', sql<string>`admins.first_name || ' ' || admins.last_name`.as('name'), 'admins.email', 'admins.uploader_flag']),
    'admins.id',
    { db },
  );
  const permissions: ManualPermission[] = page.list.map((row) => ({ adminId: row.adminId, name: row.name, email: row.email, privType: row.uploader_flag === 'Y' ? 'UPLOADER' : null }));
  return { ...page, list: permissions };
}

export async function setUploaderFlag(db: Db, adminId: number, flag: YesNo, now: string): Promise<void> {
  await db.updateTable('admins').set({ uploader_flag: flag, updated_at: now }).where('id', '=', adminId).execute();
}
