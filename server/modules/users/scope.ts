import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { SignedInAdmin } from '../../context';
import { AUTHORITY_RANKS } from '../../../src/shared';

/**
 * Which accounts a user manager may see and change: system- and global-admins all,
 * a region-admin those of their region, anyone else (local-admin, rank-5 approver) those whose
 * office is one of their connected countries.
 */
export type UserScope = { kind: 'all' } | { kind: 'region'; regionCode: string | null } | { kind: 'countries'; countryCodes: string[] };

export async function scopeOf(db: Db, caller: SignedInAdmin): Promise<UserScope> {
  if (caller.rank <= AUTHORITY_RANKS['global-admin'].rank) return { kind: 'all' };
  if (caller.rank === AUTHORITY_RANKS['region-admin'].rank) return { kind: 'region', regionCode: caller.regionCode };
  // Read from the database rather than the token, so a change of countries applies at once.
  const rows = await db.selectFrom('admin_countries').select('country_code').where('admin_id', '=', caller.id).execute();
  return { kind: 'countries', countryCodes: rows.map((row) => row.country_code) };
}

/** The WHERE limiting `admins` rows to a scope; undefined when nothing is limited. */
export function scopeCondition(scope: UserScope): Expression<SqlBool> | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'region') return scope.regionCode === null ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${sql.ref('admins.region_code')} = ${scope.regionCode}`;
  if (!scope.countryCodes.length) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref('admins.office_code')} in (${sql.join(scope.countryCodes)})`;
}

export async function inScope(db: Db, scope: UserScope, adminId: number): Promise<boolean> {
  const condition = scopeCondition(scope);
  let query = db.selectFrom('admins').select('admins.id').where('admins.id', '=', adminId);
  if (condition) query = query.where(condition);
  return (await query.executeTakeFirst()) !== undefined;
}
