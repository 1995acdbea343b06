import { sql, type Expression, type SqlBool } from 'kysely';
import { isSqlite, type Db } from '../../db/database';
import { AUTHORITY_RANKS, type AdminDetail, type AdminUser, type Authority, type ListPage, type UserFormOptions } from '../../../src/shared';
import { listPage, type ListRequest } from '../../db/list-page';
import { validationError } from '../../http/app-error';
import { findAdminsWithPlaceNames } from '../../auth/accounts';
import { loadProfiles } from '../profile/queries';
import { projectsOfUsers } from '../projects/queries';
import { scopeCondition, type UserScope } from './scope';
import type { YesNo } from '../../../src/shared/fields';

/**
 * The list's fields whose column is not their snake_case name (server/db/store.ts, columnOf), for
 * usersResource's whitelist. `locked` has no column: see accountsListed.
 */
export const userColumns = {
  table: 'admins',
  columns: { name: 'first_name', company: 'companies.name', region: 'region_code', country: 'office_code', adminLevel: 'account_level' },
} as const;

const LOCKED = 'admins.locked';

/**
 * The parsed list request as the query reads it: `locked` is computed from locked_until, so its
 * condition is taken out (Y or N, else the 400 it has always been), and the level, filtered by its
 * name, sorts by its rank (system admins first).
 */
function accountsListed(request: ListRequest): { request: ListRequest; locked?: YesNo } {
  const condition = request.conditions.find(({ column }) => column === LOCKED);
  if (condition && condition.value !== 'Y' && condition.value !== 'N') throw validationError([{ field: 'filter.locked', message: 'locked must be Y or N.' }]);
  const orderBy = request.orderBy.key === 'adminLevel' ? { ...request.orderBy, column: 'admins.account_rank' } : request.orderBy;
  return { request: { ...request, orderBy, conditions: request.conditions.filter((other) => other !== condition) }, locked: condition?.value as YesNo | undefined };
}

function lockedExpression(now: string) {
  return sql<string>`case when ${sql.ref('admins.locked_until')} > ${now} then 'Y' else 'N' end`;
}

/** The scope's and the locked filter's conditions on `admins`. */
function accountConditions(scope: UserScope, now: string, locked?: YesNo): Expression<SqlBool>[] {
  const lockedUntil = sql.ref('admins.locked_until');
  return [
    scopeCondition(scope),
    locked === 'Y' ? sql<SqlBool>`${lockedUntil} > ${now}` : undefined,
    locked === 'N' ? sql<SqlBool>`(${lockedUntil} is null or ${lockedUntil} <= ${now})` : undefined,
  ].filter((condition) => condition !== undefined);
}

export async function listUsers(db: Db, scope: UserScope, listed: ListRequest, now: string): Promise<ListPage<AdminUser>> {
  const { request, locked } = accountsListed(listed);
  const conditions = accountConditions(scope, now, locked);
  const accounts = conditions.reduce((query, condition) => query.where(condition), db.selectFrom('admins'));
  // The company is joined for the rows, and for the count only when the search may match its name.
  const withCompany = accounts.leftJoin('companies', 'companies.code', 'admins.company_code');
  const page = await listPage(
    withCompany,
    request,
    (query) =>
      query
        .leftJoin('regions', 'regions.code', 'admins.region_code')
        .leftJoin('countries', 'countries.code', 'admins.office_code')
        .select([
          'admins.id',
          'admins.email',
          'admins.first_name',
          'admins.last_name',
          'companies.name as company',
          'regions.name as region',
          'countries.name as country',
          'admins.account_level as adminLevel',
          'admins.approver_flag as approverFlag',
          'admins.status_code as statusCode',
          'admins.approval_status_code as approvalStatusCode',
          'admins.last_login_at as lastLoginAt',
          'admins.sign_in_attempt as signInAttempt',
          'admins.created_at as createdAt',
          lockedExpression(now).as('locked'),
        ]),
    'admins.id',
    { db, countBase: request.q ? withCompany : accounts },
  );
  return { ...page, list: page.list.map(({ first_name, last_name, ...row }) => ({ ...row, name: `${first_name} ${last_name}`.trim(), signInAttempt: Number(row.signInAttempt) }) as AdminUser) };
}

export async function loadUserDetail(db: Db, id: number, now: string): Promise<AdminDetail | undefined> {
  return (await loadUserDetails(db, [id], now))[0];
}

/** The accounts of `ids` as their detail reads, in one read for all of them (an unknown id is left out). */
export async function loadUserDetails(db: Db, ids: readonly number[], now: string): Promise<AdminDetail[]> {
  if (ids.length === 0) return [];
  const [rows, profiles, countryRows, dataTypeRows, projects] = await Promise.all([
    findAdminsWithPlaceNames(db, ids),
    loadProfiles(db, ids),
    db.selectFrom('admin_countries').select(['admin_id', 'country_code']).where('admin_id', 'in', ids).orderBy('country_code').execute(),
    db.selectFrom('admin_data_types').select(['admin_id', 'advertiser_code', 'data_type_code']).where('admin_id', 'in', ids).orderBy('advertiser_code').orderBy('data_type_code').execute(),
    projectsOfUsers(db, ids),
  ]);
  const codeName = (code: string | null, name: string | null) => (code ? { code, name: name ?? code } : null);
  return rows.map((row): AdminDetail => {
    const profile = profiles.get(row.id);
    return {
      id: row.id,
      email: row.email,
      name: `${row.first_name} ${row.last_name}`.trim(),
      firstName: row.first_name,
      lastName: row.last_name,
      authority: row.authority as Authority,
      adminLevel: row.account_level as AdminDetail['adminLevel'],
      approverFlag: row.approver_flag as YesNo,
      creatorFlag: row.creator_flag as YesNo,
      uploaderFlag: row.uploader_flag as YesNo,
      statusCode: row.status_code as AdminDetail['statusCode'],
      approvalStatusCode: row.approval_status_code as AdminDetail['approvalStatusCode'],
      company: codeName(row.company_code, row.company_name),
      region: codeName(row.region_code, row.region_name),
      office: codeName(row.office_code, row.office_name),
      country: row.office_name,
      requestComment: row.request_comment,
      rejectReason: row.reject_reason,
      connectedCountries: profile?.connectedCountries ?? [],
      connectedDataTypes: profile?.connectedDataTypes ?? [],
      lastLoginAt: row.last_login_at,
      lastSignInAt: row.last_login_at,
      createdAt: row.created_at,
      passwordUpdatedAt: row.password_updated_at,
      signInAttempt: Number(row.sign_in_attempt),
      lockedUntil: row.locked_until,
      locked: row.locked_until && row.locked_until > now ? 'Y' : 'N',
      projectList: projects.filter((project) => project.adminId === row.id).map(({ id, name }) => ({ id, name })),
      companyCode: row.company_code,
      regionCode: row.region_code,
      officeCode: row.office_code,
      countryCodes: countryRows.filter((country) => country.admin_id === row.id).map((country) => country.country_code),
      dataTypes: dataTypeRows.filter((pair) => pair.admin_id === row.id).map((pair) => ({ advertiserCode: pair.advertiser_code, dataTypeCode: pair.data_type_code })),
    };
  });
}

export async function loadFormOptions(db: Db): Promise<UserFormOptions> {
  const [regions, countries, companies, advertisers, dataTypes] = await Promise.all([
    db.selectFrom('regions').select(['code', 'name']).orderBy('sort_no').orderBy('name').execute(),
    db.selectFrom('countries').select(['code', 'name', 'region_code as regionCode']).orderBy('name').execute(),
    db.selectFrom('companies').select(['code', 'name']).orderBy('sort_no').orderBy('name').execute(),
    db.selectFrom('advertisers').select(['code', 'name']).orderBy('sort_no').orderBy('name').execute(),
    db.selectFrom('data_types').select(['code', 'name']).orderBy('sort_no').orderBy('name').execute(),
  ]);
  return { regions, countries, companies, advertisers, dataTypes };
}

/** Clears the account's wrong-password count and lock. */
export async function unlockAccount(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('admins').set({ sign_in_attempt: 0, locked_until: null, updated_at: now }).where('id', '=', id).execute();
}

/**
 * The system-admins' rows, locked on PostgreSQL until the transaction ends (SQLite runs one writer
 * at a time anyway), so two system-admins removing each other at once cannot both win.
 */
export async function lockSystemAdmins(trx: Db): Promise<{ id: number; status_code: string; approval_status_code: string }[]> {
  const query = trx.selectFrom('admins').select(['id', 'status_code', 'approval_status_code']).where('account_rank', '=', AUTHORITY_RANKS['system-admin'].rank).orderBy('id');
  return isSqlite(trx) ? query.execute() : query.forUpdate().execute();
}

/** The active, approved system-admins: who can still run the console, and who is told when one is removed. */
export function activeSystemAdmins(db: Db) {
  return db
    .selectFrom('admins')
    .selectAll()
    .where('account_rank', '=', AUTHORITY_RANKS['system-admin'].rank)
    .where('status_code', '=', 'ACTIVE')
    .where('approval_status_code', '=', 'APPROVED')
    .orderBy('id')
    .execute();
}
