import { signedInAccount, type TestApp } from './harness';
import type { ProjectInput } from '../../src/shared';

export const TABLEAU = {
  serverUrl: 'https://tableau.example.com',
  site: 'marketing',
  clientId: 'client-123',
  secretId: 'secret-id-456',
  secretValue: 'a-very-long-tableau-connected-app-secret-value',
};

/** An active or retired dashboard template of a data type, written straight to the table. */
export async function seedTemplate(t: TestApp, name: string, dataType: string, status: 'Y' | 'N' = 'Y'): Promise<number> {
  const now = t.clock.now().toISOString();
  const row = await t.db
    .insertInto('templates')
    .values({ name, data_type_code: dataType, description: `${name} layout`, status, file_id: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function projectBody(templateId: number, overrides: Partial<ProjectInput> = {}): ProjectInput {
  return {
    name: 'Spring launch',
    description: 'Media plan for the spring launch',
    status: 'ON_GOING',
    dataType: 'MEDIA',
    dataSource: 'MASTER',
    advertiser: 'ACME',
    dashboardType: 'TEMPLATE',
    templateId,
    startAt: '2026-03-01',
    endAt: '2026-05-31',
    dataFilters: {
      countries: ['KR', 'JP', 'DE'],
      keywordFilters: [
        { keyword: 'spring', mode: 'INCLUDE' },
        { keyword: 'test', mode: 'EXCLUDE' },
      ],
      conditionFilters: [
        { field: 'impressions', operator: 'GTE', value: '1000' },
        { field: 'channel', operator: 'EQ', value: 'search' },
      ],
    },
    ...overrides,
  };
}

/** People around one project: its owner (a creator in KR), a viewer, an editor, and outsiders and admins of every scope. */
export async function projectPeople(t: TestApp) {
  const person = (email: string, extra = {}) => signedInAccount(t, email, 'user', extra);
  const owner = await person('owner@example.com', { creator_flag: 'Y' });
  const viewer = await person('viewer@example.com');
  const editor = await person('editor@example.com');
  const stranger = await person('stranger@example.com', { creator_flag: 'Y' });
  const globalAdmin = await signedInAccount(t, 'global@example.com', 'global-admin');
  const regionAdminApac = await signedInAccount(t, 'region-apac@example.com', 'region-admin', { region_code: 'APAC' });
  const regionAdminEmea = await signedInAccount(t, 'region-emea@example.com', 'region-admin', { region_code: 'EMEA', office_code: 'DE' });
  const localAdminKr = await signedInAccount(t, 'local-kr@example.com', 'local-admin');
  const localAdminDe = await signedInAccount(t, 'local-de@example.com', 'local-admin', { region_code: 'EMEA', office_code: 'DE' });
  await t.db
    .insertInto('admin_countries')
    .values([
      { admin_id: localAdminKr.id, country_code: 'KR' },
      { admin_id: localAdminDe.id, country_code: 'DE' },
    ])
    .execute();
  return { owner, viewer, editor, stranger, globalAdmin, regionAdminApac, regionAdminEmea, localAdminKr, localAdminDe };
}

/** A project of `owner` shared with the viewer and the editor; answers its id. */
export async function sharedProject(t: TestApp, people: Awaited<ReturnType<typeof projectPeople>>, templateId: number, name = 'Shared project'): Promise<number> {
  const created = await t.call('POST', '/api/projects', { token: people.owner.token, body: projectBody(templateId, { name }) });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  const id = created.body.data.id;
  for (const [who, privilege] of [
    [people.viewer, 'VIEWER'],
    [people.editor, 'EDITOR'],
  ] as const) {
    const shared = await t.call('POST', '/api/project-shares', { token: people.owner.token, body: { projectId: id, email: who.email, privilege } });
    if (shared.status !== 200) throw new Error(JSON.stringify(shared.body));
  }
  return id;
}

export const listQuery = (params: Record<string, unknown>) => new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]))).toString();

export const PROJECT_TABLES = ['projects', 'project_countries', 'project_filters', 'project_shares', 'plans'] as const;
