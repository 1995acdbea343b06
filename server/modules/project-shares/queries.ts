import { sql, type SqlBool } from 'kysely';
import type { ShareCandidate, ShareEntry, SharePrivilege } from '../../../src/shared';
import { isSqlite, type Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { containsPattern, containsText } from '../../db/contains-text';
import { listPage, type ListRequest } from '../../db/list-page';
import { scopeCondition, type UserScope } from '../users/scope';
import { sentence } from '../../../src/i18n/serverMessage';

const shares = (db: Db) =>
  db
    .selectFrom('project_shares')
    .innerJoin('admins', 'admins.id', 'project_shares.admin_id')
    .leftJoin('regions', 'regions.code', 'admins.region_code')
    .leftJoin('countries', 'countries.code', 'admins.office_code');

const shareColumns = [
  'project_shares.id',
  'project_shares.project_id as projectId',
  'project_shares.admin_id as adminId',
  'admins.email',
  'admins.first_name',
  'admins.last_name',
  'regions.name as region',
  'countries.name as country',
  'project_shares.privilege',
] as const;

type ShareRow = Omit<ShareEntry, 'name'> & { first_name: string; last_name: string };
const entryOf = ({ first_name, last_name, ...row }: ShareRow): ShareEntry => ({ ...row, name: `${first_name} ${last_name}`.trim() });

export async function listShares(db: Db, request: ListRequest) {
  const page = await listPage(shares(db), request, (query) => query.select(shareColumns), 'project_shares.id', { db });
  return { ...page, list: (page.list as ShareRow[]).map(entryOf) };
}

export async function findShare(db: Db, id: number): Promise<ShareEntry | undefined> {
  const row = await shares(db).select(shareColumns).where('project_shares.id', '=', id).executeTakeFirst();
  return row ? entryOf(row as ShareRow) : undefined;
}

/**
 * Who a sharer may find, so the search is no directory of the console's accounts: part of an e-mail
 * finds the active, approved accounts the sharer's user scope holds (everyone for system- and
 * global-admins, their region for a region-admin, their connected countries' offices for anyone
 * else) and not ranked above the sharer; anyone else only by their whole e-mail address, which the
 * sharer already knows. Never people already on the project; only id, name and e-mail.
 */
export async function findCandidates(db: Db, sharer: { rank: number; scope: UserScope }, projectId: number, q: string): Promise<ShareCandidate[]> {
  const text = q.toLowerCase();
  const pattern = containsPattern(text);
  const inScope = scopeCondition(sharer.scope) ?? sql<SqlBool>`1 = 1`;
  const rows = await db
    .selectFrom('admins')
    .select(['admins.id', 'admins.email', 'admins.first_name', 'admins.last_name'])
    .where((eb) => eb.or([eb(sql<string>`lower(admins.email)`, '=', text), eb.and([containsText(sql`admins.email`, pattern), eb('admins.account_rank', '>=', sharer.rank), inScope])]))
    .where('admins.status_code', '=', 'ACTIVE')
    .where('admins.approval_status_code', '=', 'APPROVED')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('project_shares').select('project_shares.id').where('project_shares.project_id', '=', projectId).whereRef('project_shares.admin_id', '=', 'admins.id'))),
    )
    .orderBy('admins.email')
    .limit(10)
    .execute();
  return rows.map(({ id, email, first_name, last_name }) => ({ id, email, name: `${first_name} ${last_name}`.trim() }));
}

export function findActiveAccount(db: Db, email: string) {
  return db.selectFrom('admins').select('id').where('email', '=', email).where('status_code', '=', 'ACTIVE').where('approval_status_code', '=', 'APPROVED').executeTakeFirst();
}

export const LAST_OWNER_MESSAGE = sentence('projectShares.aProjectMustKeepAt');

/**
 * Changes (or, with null, removes) a share, refusing to leave the project without an owner. The
 * project row is locked first on PostgreSQL so two owners demoting each other cannot both win
 * (SQLite runs one writer at a time anyway).
 */
export async function changeShare(db: Db, share: ShareEntry, privilege: SharePrivilege | null, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lock = trx.selectFrom('projects').select('id').where('id', '=', share.projectId);
    await (isSqlite(db) ? lock : lock.forUpdate()).execute();
    if (privilege === null) await trx.deleteFrom('project_shares').where('id', '=', share.id).execute();
    else await trx.updateTable('project_shares').set({ privilege, updated_at: now }).where('id', '=', share.id).execute();
    const owners = await trx
      .selectFrom('project_shares')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project_id', '=', share.projectId)
      .where('privilege', '=', 'OWNER')
      .executeTakeFirstOrThrow();
    if (Number(owners.count) === 0) throw new AppError('CONFLICT', LAST_OWNER_MESSAGE, { errors: [{ field: 'privilege', message: LAST_OWNER_MESSAGE }] });
  });
}

/** The account's share entry on the project, if it has one. */
export function findShareOf(db: Db, projectId: number, adminId: number) {
  return db.selectFrom('project_shares').select('id').where('project_id', '=', projectId).where('admin_id', '=', adminId).executeTakeFirst();
}

export async function insertShare(db: Db, projectId: number, adminId: number, privilege: SharePrivilege, now: string): Promise<number> {
  const { id } = await db.insertInto('project_shares').values({ project_id: projectId, admin_id: adminId, privilege, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** What the share mail names: the project and the colleague it was shared with. */
export async function findShareMailFacts(db: Db, projectId: number, adminId: number) {
  const project = await db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirst();
  const colleague = await db.selectFrom('admins').select(['email', 'first_name', 'last_name']).where('id', '=', adminId).executeTakeFirst();
  return project && colleague ? { projectName: project.name, colleague } : undefined;
}
