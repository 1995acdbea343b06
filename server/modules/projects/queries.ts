import { sql } from 'kysely';
import type { ListPage, ProjectDetail, ProjectSummary, ProjectValues, SharePrivilege } from '../../../src/shared';
import type { SignedInAdmin } from '../../context';
import type { Db } from '../../db/database';
import { listPage, type ListRequest } from '../../db/list-page';
import { projectInScope, type ProjectScope } from './access';
import type { YesNo } from '../../../src/shared/fields';

/** The projects the caller may see: those in their scope and those shared with them (the share is joined, as the rows show it). */
function visibleProjects(db: Db, caller: SignedInAdmin, scope: ProjectScope) {
  return db
    .selectFrom('projects')
    .leftJoin('project_shares as my_share', (join) => join.onRef('my_share.project_id', '=', 'projects.id').on('my_share.admin_id', '=', caller.id))
    .where((eb) => eb.or([eb('my_share.id', 'is not', null), projectInScope(scope)]));
}

/** The rows' columns, with the code tables, the template and the creator they name (joined for display only, so not counted). */
function withColumns(query: ReturnType<typeof visibleProjects>, scope: ProjectScope) {
  return query
    .leftJoin('advertisers', 'advertisers.code', 'projects.advertiser_code')
    .leftJoin('countries as owner_country', 'owner_country.code', 'projects.owner_country_code')
    .leftJoin('templates', 'templates.id', 'projects.template_id')
    .leftJoin('admins as creator', 'creator.id', 'projects.created_by')
    .select([
      'projects.id',
      'projects.name',
      'projects.description',
      'projects.status',
      'projects.data_type_code as dataType',
      'projects.data_source as dataSource',
      'projects.dashboard_type as dashboardType',
      'projects.advertiser_code as advertiser',
      'advertisers.name as advertiserName',
      'projects.template_id as templateId',
      'templates.name as templateName',
      'projects.owner_country_code as ownerCountry',
      'owner_country.name as ownerCountryName',
      'projects.start_at as startAt',
      'projects.end_at as endAt',
      'projects.created_by as createdBy',
      'creator.first_name as creatorFirstName',
      'creator.last_name as creatorLastName',
      'projects.created_at as createdAt',
      'projects.updated_at as updatedAt',
      'projects.dashboard_url as dashboardUrl',
      'projects.is_active as isActive',
      'my_share.privilege as sharePrivilege',
      sql<string>`case when ${projectInScope(scope)} then 'Y' else 'N' end`.as('inScope'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

function summaryOf(row: Row): ProjectSummary & Pick<ProjectDetail, 'dashboardUrl' | 'isActive'> {
  const { creatorFirstName, creatorLastName, sharePrivilege, inScope, ...project } = row;
  return {
    ...(project as Omit<ProjectSummary, 'createdByName' | 'myPrivilege'> & Pick<ProjectDetail, 'dashboardUrl' | 'isActive'>),
    createdByName: creatorFirstName === null ? null : `${creatorFirstName} ${creatorLastName ?? ''}`.trim(),
    // Admin scope acts as ownership: managers can fix and hand over the projects of their area.
    myPrivilege: inScope === 'Y' ? 'OWNER' : (sharePrivilege as SharePrivilege),
  };
}

export async function listProjects(db: Db, caller: SignedInAdmin, scope: ProjectScope, request: ListRequest): Promise<ListPage<ProjectSummary>> {
  const page = await listPage(visibleProjects(db, caller, scope), request, (query) => withColumns(query, scope), 'projects.id', { db });
  return {
    ...page,
    list: page.list.map((row) => {
      const { dashboardUrl: _url, isActive: _active, ...summary } = summaryOf(row as Row);
      return summary;
    }),
  };
}

/** The visible projects of `ids` with their data filters, in one read for all of them (one the caller may not see is left out). */
export async function findProjects(db: Db, caller: SignedInAdmin, scope: ProjectScope, ids: readonly number[]): Promise<Omit<ProjectDetail, 'templatePreviews'>[]> {
  if (ids.length === 0) return [];
  const [rows, countries, filters] = await Promise.all([
    withColumns(visibleProjects(db, caller, scope).where('projects.id', 'in', ids), scope).execute(),
    db
      .selectFrom('project_countries')
      .innerJoin('countries', 'countries.code', 'project_countries.country_code')
      .select(['project_countries.project_id as projectId', 'countries.region_code as regionCode', 'countries.code', 'countries.name'])
      .where('project_countries.project_id', 'in', ids)
      .orderBy('countries.region_code')
      .orderBy('countries.name')
      .execute(),
    db.selectFrom('project_filters').select(['project_id as projectId', 'kind', 'field', 'operator', 'value']).where('project_id', 'in', ids).orderBy('kind').orderBy('sort_no').execute(),
  ]);
  return rows.map((row) => {
    const summary = summaryOf(row);
    const own = filters.filter((f) => f.projectId === row.id);
    return {
      ...summary,
      isActive: summary.isActive as YesNo,
      dataFilters: {
        advertiser: summary.advertiser,
        dataType: summary.dataType,
        countries: countries.filter((country) => country.projectId === row.id).map(({ projectId: _projectId, ...country }) => country),
        keywordFilters: own.filter((f) => f.kind === 'KEYWORD').map((f) => ({ keyword: f.value, mode: f.operator as 'INCLUDE' | 'EXCLUDE' })),
        conditionFilters: own.filter((f) => f.kind === 'CONDITION').map((f) => ({ field: f.field ?? '', operator: f.operator as never, value: f.value })),
      },
    };
  });
}

/**
 * Writes a project with its countries and filters (replacing them on update) and, on create, the
 * creator's OWNER share, all in one transaction. Answers the id, or undefined for an unknown id.
 */
export function saveProject(db: Db, input: ProjectValues, by: { adminId: number; countryCode: string | null }, now: string, id?: number): Promise<number | undefined> {
  const values = {
    name: input.name,
    description: input.description ?? null,
    status: input.status,
    data_type_code: input.dataType,
    data_source: input.dataSource,
    advertiser_code: input.advertiser,
    dashboard_type: input.dashboardType,
    template_id: input.dashboardType === 'TEMPLATE' ? (input.templateId ?? null) : null,
    dashboard_url: input.dashboardType === 'CUSTOM' ? (input.dashboardUrl ?? null) : null,
    start_at: input.startAt,
    end_at: input.endAt,
    updated_by: by.adminId,
    updated_at: now,
  };
  return db.transaction().execute(async (trx) => {
    let projectId = id;
    if (projectId === undefined) {
      projectId = (
        await trx
          .insertInto('projects')
          .values({ ...values, owner_country_code: by.countryCode, created_by: by.adminId, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await trx.insertInto('project_shares').values({ project_id: projectId, admin_id: by.adminId, privilege: 'OWNER', created_at: now, updated_at: now }).execute();
    } else {
      const updated = await trx.updateTable('projects').set(values).where('id', '=', projectId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return undefined;
      await trx.deleteFrom('project_countries').where('project_id', '=', projectId).execute();
      await trx.deleteFrom('project_filters').where('project_id', '=', projectId).execute();
    }
    const { countries, keywordFilters, conditionFilters } = input.dataFilters;
    if (countries.length)
      await trx
        .insertInto('project_countries')
        .values([...new Set(countries)].map((country_code) => ({ project_id: projectId, country_code })))
        .execute();
    const filterRows = [
      ...keywordFilters.map((filter, sort_no) => ({ project_id: projectId, kind: 'KEYWORD' as const, sort_no, field: null, operator: filter.mode, value: filter.keyword })),
      ...conditionFilters.map((filter, sort_no) => ({ project_id: projectId, kind: 'CONDITION' as const, sort_no, field: filter.field, operator: filter.operator, value: filter.value })),
    ];
    if (filterRows.length) await trx.insertInto('project_filters').values(filterRows).execute();
    return projectId;
  });
}

/** Removes a project and everything hanging from it in one transaction. */
export async function deleteProject(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of ['plans', 'project_shares', 'project_filters', 'project_countries'] as const) await trx.deleteFrom(table).where('project_id', '=', id).execute();
    await trx.deleteFrom('projects').where('id', '=', id).execute();
  });
}

/** The projects each of the users `adminIds` holds a share in, for the user-management detail. */
export function projectsOfUsers(db: Db, adminIds: readonly number[]): Promise<{ adminId: number; id: number; name: string }[]> {
  return db
    .selectFrom('project_shares')
    .innerJoin('projects', 'projects.id', 'project_shares.project_id')
    .select(['project_shares.admin_id as adminId', 'projects.id', 'projects.name'])
    .where('project_shares.admin_id', 'in', adminIds)
    .orderBy('projects.name')
    .orderBy('projects.id')
    .execute();
}

/** The creator's office: a new project's owner country. */
export async function officeOf(db: Db, adminId: number): Promise<string | null> {
  return (await db.selectFrom('admins').select('office_code').where('id', '=', adminId).executeTakeFirstOrThrow()).office_code;
}
