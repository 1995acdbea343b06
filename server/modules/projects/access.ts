import { sql, type Expression, type SqlBool } from 'kysely';
import { AUTHORITY_RANKS, privilegeAllows, type SharePrivilege } from '../../../src/shared';
import type { SignedInAdmin } from '../../context';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { scopeOf, type UserScope } from '../users/scope';
import { sentence, type ServerMessage } from '../../../src/i18n/serverMessage';

/**
 * Which projects a caller may see besides those shared with them: admins of ranks 1–4 see the
 * projects in their user-management scope, placed by the project's owner country (docs/decisions.md).
 * Plain users (rank 5, approvers included) see only their shares.
 */
export type ProjectScope = UserScope | { kind: 'none' };

export async function projectScopeOf(db: Db, caller: SignedInAdmin): Promise<ProjectScope> {
  if (caller.rank > AUTHORITY_RANKS['local-admin'].rank) return { kind: 'none' };
  return scopeOf(db, caller);
}

/** True for `projects` rows inside the scope. */
export function projectInScope(scope: ProjectScope): Expression<SqlBool> {
  const ownerCountry = sql.ref('projects.owner_country_code');
  if (scope.kind === 'all') return sql<SqlBool>`1 = 1`;
  if (scope.kind === 'region') {
    if (scope.regionCode === null) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`exists (select 1 from countries where countries.code = ${ownerCountry} and countries.region_code = ${scope.regionCode})`;
  }
  if (scope.kind === 'countries' && scope.countryCodes.length) return sql<SqlBool>`${ownerCountry} in (${sql.join(scope.countryCodes)})`;
  return sql<SqlBool>`1 = 0`;
}

/** The caller's effective privilege on one project, or undefined when they may not see it. */
export async function privilegeOn(db: Db, caller: SignedInAdmin, projectId: number): Promise<SharePrivilege | undefined> {
  const scope = await projectScopeOf(db, caller);
  const row = await db
    .selectFrom('projects')
    .leftJoin('project_shares', (join) => join.onRef('project_shares.project_id', '=', 'projects.id').on('project_shares.admin_id', '=', caller.id))
    .select(['project_shares.privilege', sql<string>`case when ${projectInScope(scope)} then 'Y' else 'N' end`.as('inScope')])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.inScope === 'Y') return 'OWNER';
  return (row.privilege as SharePrivilege | null) ?? undefined;
}

const NEEDS: Record<SharePrivilege, ServerMessage> = {
  VIEWER: sentence('projects.youCannotSeeThisProject'),
  EDITOR: sentence('projects.onlyEditorsAndOwnersOf'),
  OWNER: sentence('projects.onlyOwnersOfThisProject'),
};

/**
 * Authorises an action on a project: a project the caller cannot see answers 404 (its existence
 * is not revealed), a visible one without the needed privilege 403.
 */
export async function requireProjectPrivilege(db: Db, caller: SignedInAdmin, projectId: number, needed: SharePrivilege): Promise<SharePrivilege> {
  const held = await privilegeOn(db, caller, projectId);
  if (!held) throw new AppError('NOT_FOUND', sentence('projects.noSuchProject'));
  if (!privilegeAllows(held, needed)) throw new AppError('FORBIDDEN', NEEDS[needed]);
  return held;
}

/** Creating a project needs the creator flag, read from the database. */
export async function requireCreator(db: Db, caller: SignedInAdmin): Promise<void> {
  const row = await db.selectFrom('admins').select('creator_flag').where('id', '=', caller.id).executeTakeFirst();
  if (row?.creator_flag !== 'Y') throw new AppError('FORBIDDEN', sentence('projects.onlyUsersWithTheCreator'));
}
