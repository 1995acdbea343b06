import { DATA_SOURCES, PROJECT_DATA_TYPES, PROJECT_STATUSES, type ProjectStatus } from '../../../src/shared';
import { daysBefore, insertBatched, type DemoFeature } from './context';
import type { Prng } from './prng';

const SUBJECTS = [
  'Spring launch',
  'Summer sale',
  'Back to school',
  'Black Friday',
  'Holiday gifting',
  'New year',
  'Brand awareness',
  'Loyalty relaunch',
  'Store openings',
  'Always-on search',
  'Product recall watch',
  'Premium line',
];
const KEYWORDS = ['tv', 'laptop', 'fridge', 'phone', 'premium', 'bundle', 'outlet'];
const CONDITION_FIELDS = ['channel', 'campaign_id', 'impressions', 'spend'];
const PLAN_TITLES = ['Weekly budget review', 'Creative rotation', 'Audience expansion test', 'Channel mix for Q4', 'Retail media pilot'];

/**
 * When a project of `status` runs, in days before the anchor (negative: after it), and when it was
 * made: a completed project has ended, an on-going one spans today, one standing by or pending
 * starts later. A started project was made 3–30 days before its start, a later one in the last
 * four months, so 60 projects spread over about fourteen months rather than crowding into one.
 */
function projectSchedule(rng: Prng, status: ProjectStatus) {
  const [startDaysAgo, endDaysAgo] = (() => {
    switch (status) {
      case 'COMPLETED': {
        const start = rng.int(90, 400);
        return [start, rng.int(1, start - 30)];
      }
      case 'ON_GOING':
        return [rng.int(1, 180), -rng.int(14, 180)];
      default: {
        const start = -rng.int(3, 60);
        return [start, start - rng.int(30, 180)];
      }
    }
  })();
  const createdDaysAgo = startDaysAgo > 0 ? startDaysAgo + rng.int(3, 30) : rng.int(1, 120);
  return { startDaysAgo, endDaysAgo, createdDaysAgo };
}

/** Projects of every status, data type and dashboard type, with countries, filters, shares and plans. */
export const demoProjects: DemoFeature = {
  name: 'projects',
  tables: ['projects', 'project_countries', 'project_filters', 'project_shares', 'plans'],
  async seed(demo) {
    const { trx, rng, now } = demo;
    const advertisers = (await trx.selectFrom('advertisers').select('code').orderBy('sort_no').execute()).map((row) => row.code);
    const templates = await trx.selectFrom('templates').select(['id', 'data_type_code']).where('status', '=', 'Y').execute();
    const countries = await trx.selectFrom('countries').select(['code', 'region_code']).execute();
    const approved = demo.accounts.filter((account) => account.approved);
    const creators = approved.filter((account) => account.rank <= 5);
    const shares: Record<string, unknown>[] = [];
    const countryRows: Record<string, unknown>[] = [];
    const filters: Record<string, unknown>[] = [];
    const plans: Record<string, unknown>[] = [];
    const total = 60;
    for (let index = 0; index < total; index++) {
      const creator = rng.pick(creators);
      const dataType = PROJECT_DATA_TYPES[index % PROJECT_DATA_TYPES.length];
      const template = templates.filter((candidate) => candidate.data_type_code === dataType);
      const useTemplate = template.length > 0 && !rng.chance(0.25);
      const status = PROJECT_STATUSES[index % PROJECT_STATUSES.length];
      const { startDaysAgo, endDaysAgo, createdDaysAgo } = projectSchedule(rng, status);
      const startAt = daysBefore(now, startDaysAgo).slice(0, 10);
      const createdAt = daysBefore(now, createdDaysAgo);
      const office = countries.find((country) => country.region_code === creator.regionCode)?.code ?? null;
      const { id } = await trx
        .insertInto('projects')
        .values({
          name: `${rng.pick(SUBJECTS)} ${startAt.slice(0, 4)} — ${rng.pick(advertisers)} #${index + 1}`,
          description: rng.chance(0.7) ? `Dashboard for the ${dataType.toLowerCase()} team.` : null,
          status,
          data_type_code: dataType,
          data_source: rng.pick(DATA_SOURCES),
          advertiser_code: rng.pick(advertisers),
          dashboard_type: useTemplate ? 'TEMPLATE' : 'CUSTOM',
          template_id: useTemplate ? rng.pick(template).id : null,
          dashboard_url: useTemplate ? null : `https://tableau.example.com/views/Demo${index + 1}/Overview`,
          owner_country_code: creator.countries[0] ?? office,
          start_at: startAt,
          end_at: daysBefore(now, endDaysAgo).slice(0, 10),
          is_active: rng.chance(0.92) ? 'Y' : 'N',
          created_by: creator.id,
          created_at: createdAt,
          updated_by: creator.id,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      shares.push({ project_id: id, admin_id: creator.id, privilege: 'OWNER', created_at: createdAt, updated_at: createdAt });
      for (const member of rng.some(
        approved.filter((account) => account.id !== creator.id),
        rng.int(0, 5),
      )) {
        shares.push({ project_id: id, admin_id: member.id, privilege: rng.pick(['VIEWER', 'VIEWER', 'EDITOR', 'OWNER']), created_at: createdAt, updated_at: createdAt });
      }
      for (const country of rng.some(countries, rng.int(1, 3))) countryRows.push({ project_id: id, country_code: country.code });
      rng
        .some(KEYWORDS, rng.int(0, 2))
        .forEach((keyword, sortNo) => filters.push({ project_id: id, kind: 'KEYWORD', sort_no: sortNo, field: null, operator: rng.pick(['INCLUDE', 'EXCLUDE']), value: keyword }));
      if (rng.chance(0.4))
        filters.push({ project_id: id, kind: 'CONDITION', sort_no: 0, field: rng.pick(CONDITION_FIELDS), operator: rng.pick(['EQ', 'GT', 'CONTAINS']), value: String(rng.int(1, 1000)) });
      for (const title of rng.some(PLAN_TITLES, rng.int(0, 3))) {
        plans.push({
          project_id: id,
          title,
          data_type_code: dataType,
          description: rng.chance(0.5) ? 'Agreed in the monthly review.' : null,
          created_by: creator.id,
          created_at: createdAt,
          updated_by: creator.id,
          updated_at: createdAt,
        });
      }
    }
    demo.counted('projects', total);
    await insertBatched(demo, 'project_shares', shares);
    await insertBatched(demo, 'project_countries', countryRows);
    await insertBatched(demo, 'project_filters', filters);
    await insertBatched(demo, 'plans', plans);
  },
};
