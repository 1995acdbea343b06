import { daysBefore, insertBatched, type DemoFeature } from './context';

const DAYS = 30;
/** Project creations are not drawn at random: they are the demo projects made in the month (below). */
const ACCESS_EVENTS = ['SIGN_IN', 'SIGN_IN', 'SIGN_IN', 'DASHBOARD_VIEW', 'DASHBOARD_VIEW', 'UPLOAD'] as const;
/** Calls a console makes in a working day, with how often they are made. */
const API_CALLS: Array<[method: string, endPoint: string, weight: number]> = [
  ['GET', '/api/projects', 12],
  ['GET', '/api/templates', 4],
  ['GET', '/api/users', 5],
  ['GET', '/api/access-history', 2],
  ['GET', '/api/system/profile/{id}', 3],
  ['POST', '/api/auth/signin', 4],
  ['POST', '/api/auth/signin/otp', 4],
  ['POST', '/api/auth/reissue', 6],
  ['POST', '/api/auth/signout', 1],
  ['PUT', '/api/users/{id}', 1],
  ['GET', '/api/domains', 1],
  ['GET', '/api/terms', 1],
  ['GET', '/api/system-logs', 1],
  ['GET', '/api/email-templates', 1],
  ['PUT', '/api/users/{id}/approval', 1],
];

function ip(rng: { int(min: number, max: number): number }): string {
  return `10.${rng.int(0, 40)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

/** A month of access history (sign-ins, dashboard views, uploads, and the month's project creations) for the approved accounts. */
export const demoAccessHistory: DemoFeature = {
  name: 'access history',
  tables: ['access_history', 'projects', 'admins'],
  async seed(demo) {
    const { rng, now, trx } = demo;
    const rows: Record<string, unknown>[] = [];
    const created = await trx
      .selectFrom('projects')
      .innerJoin('admins', 'admins.id', 'projects.created_by')
      .select(['projects.id', 'projects.name', 'projects.created_at', 'admins.id as adminId', 'admins.email'])
      .where('projects.created_at', '>=', daysBefore(now, DAYS))
      .execute();
    for (const project of created) {
      rows.push({
        admin_id: project.adminId,
        email: project.email,
        event_type: 'PROJECT_CREATE',
        success_flag: 'Y',
        source_ip: ip(rng),
        detail: `Project ${project.id}: ${project.name}`,
        occurred_at: project.created_at,
      });
    }
    for (const account of demo.accounts.filter((candidate) => candidate.approved)) {
      for (let n = rng.int(0, 20); n > 0; n--) {
        const eventType = rng.pick(ACCESS_EVENTS);
        const success = eventType !== 'SIGN_IN' || !rng.chance(0.08);
        rows.push({
          admin_id: account.id,
          email: account.email,
          event_type: eventType,
          success_flag: success ? 'Y' : 'N',
          source_ip: ip(rng),
          detail: success ? null : 'Wrong password',
          occurred_at: daysBefore(now, rng.next() * DAYS),
        });
      }
    }
    // Attempts with e-mails that have no account.
    for (let n = 0; n < 40; n++) {
      rows.push({
        admin_id: null,
        email: `unknown${n}@${rng.pick(['gmail.test', 'partner.test'])}`,
        event_type: 'SIGN_IN',
        success_flag: 'N',
        source_ip: ip(rng),
        detail: 'Unknown account',
        occurred_at: daysBefore(now, rng.next() * DAYS),
      });
    }
    rows.sort((a, b) => String(a.occurred_at).localeCompare(String(b.occurred_at)));
    await insertBatched(demo, 'access_history', rows);
  },
};

/** A month of system log: the API calls of the approved accounts, with a few refusals and errors. */
export const demoSystemLog: DemoFeature = {
  name: 'system log',
  tables: ['system_logs'],
  async seed(demo) {
    const { rng, now } = demo;
    const weighted = API_CALLS.flatMap(([method, endPoint, weight]) => Array(weight).fill([method, endPoint] as const));
    const active = demo.accounts.filter((account) => account.approved);
    const rows: Record<string, unknown>[] = [];
    for (let n = 0; n < 6000; n++) {
      const account = rng.pick(active);
      const [method, endPoint] = rng.pick(weighted);
      const status = rng.chance(0.9) ? 200 : rng.pick([400, 401, 403, 404, 409, 429, 500]);
      rows.push({
        admin_id: endPoint.startsWith('/api/auth/signin') ? null : account.id,
        email: account.email,
        event_id: rng.uuid(),
        end_point: endPoint.replace('{id}', String(account.id)),
        http_method: method,
        http_status: status,
        query_param: method === 'GET' && endPoint !== '/api/system/profile/{id}' ? JSON.stringify({ range: '[0,24]', sort: '["id","DESC"]' }) : null,
        request_body: method === 'GET' ? null : JSON.stringify(endPoint.startsWith('/api/auth') ? { email: account.email, password: '[REDACTED]' } : { statusCode: 'ACTIVE' }),
        request_at: daysBefore(now, rng.next() * DAYS),
        source_ip: ip(rng),
      });
    }
    rows.sort((a, b) => String(a.request_at).localeCompare(String(b.request_at)));
    await insertBatched(demo, 'system_logs', rows);
  },
};
