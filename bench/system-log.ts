/**
 * The audit log at scale: with 1,000,000 system-log rows, page 1 and a page deep in a filtered
 * list, through the API, as ratios to the bare SQL of the same page in the same run; then the CSV
 * export of every row, with the process's peak RSS before and after.
 */
import { sql } from 'kysely';
import { BENCH_EMAIL, BENCH_PASSWORD, startBenchServer, medianMs } from './harness';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const SAMPLES = 100;
/** The median of SAMPLES timed runs, in ms. */
const median = (run: () => Promise<unknown>) => medianMs(run, SAMPLES, 5);
const server = await startBenchServer({ passwordHash: { memoryCost: 4096, timeCost: 1, parallelism: 1 }, accessTokenTtlSeconds: 3600 });
const { db } = server;

const seedStarted = performance.now();
const methods = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
const statuses = [200, 200, 200, 201, 400, 401, 403, 404, 500];
const start = Date.now() - 90 * 86_400_000;
for (let from = 0; from < ROWS; from += 10_000) {
  await db.transaction().execute(async (trx) => {
    for (let chunk = from; chunk < Math.min(from + 10_000, ROWS); chunk += 500) {
      await trx
        .insertInto('system_logs')
        .values(
          Array.from({ length: Math.min(500, ROWS - chunk) }, (_, i) => {
            const n = chunk + i;
            return {
              admin_id: (n % 300) + 1,
              email: `user${n % 300}@example.com`,
              event_id: `bench-${n}`,
              end_point: `/api/${['projects', 'domains', 'users', 'templates'][n % 4]}/${n % 997}`,
              http_method: methods[n % methods.length],
              http_status: statuses[n % statuses.length],
              query_param: null,
              request_body: n % 3 ? null : '{"name":"bench"}',
              request_at: new Date(start + n * 7776).toISOString(),
              source_ip: '127.0.0.1',
            };
          }),
        )
        .execute();
    }
  });
}
console.log(`seeded ${ROWS.toLocaleString()} rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

const challenge = (await server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: BENCH_EMAIL, password: BENCH_PASSWORD } })).json();
const tokens = (await server.app.inject({ method: 'POST', url: '/api/auth/signin/otp', payload: { challengeToken: challenge.data.challengeToken, code: await server.latestCode() } })).json();
const authorization = `Bearer ${tokens.data.accessToken}`;
const api = async (url: string) => {
  const reply = await server.app.inject({ method: 'GET', url, headers: { authorization } });
  if (reply.statusCode !== 200) throw new Error(reply.body);
  return reply.json().data;
};

const q = (params: Record<string, unknown>) => new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))).toString();

// The fixed cost of any authenticated call (guard, session lookup, envelope, system-log row).
const fixedApi = await median(() => api('/api/system-logs/retention'));
console.log(`an authenticated call that reads one setting: ${fixedApi.toFixed(2)} ms`);

// Page 1, unfiltered, newest first.
const page1Api = await median(() => api(`/api/system-logs?${q({ range: [0, 24] })}`));
const page1Sql = await median(() => db.selectFrom('system_logs').selectAll().orderBy('request_at', 'desc').orderBy('id', 'desc').limit(25).execute());
console.log(`page 1: API ${page1Api.toFixed(2)} ms, bare SQL ${page1Sql.toFixed(2)} ms, ratio ${(page1Api / page1Sql).toFixed(2)}`);

// A page deep in a filtered list (POST calls, status 4xx): reached by the keyset cursor the
// browser keeps while paging, compared with the bare keyset SQL of the same page.
const filter = { httpMethod: 'POST', statusClass: '4xx' };
let cursor: string | null = null;
for (let page = 0; page < 200 && (page === 0 || cursor); page++) {
  const data: { nextCursor: string | null } = await api(`/api/system-logs?${q({ range: [page * 25, page * 25 + 24], filter, ...(cursor ? { after: cursor } : {}) })}`);
  cursor = data.nextCursor;
}
const [requestAt, id] = Buffer.from(cursor!, 'base64url').toString().split('|');
const deepApi = await median(() => api(`/api/system-logs?${q({ range: [5000, 5024], filter, after: cursor! })}`));
const deepSql = await median(() =>
  db
    .selectFrom('system_logs')
    .selectAll()
    .where('http_method', '=', 'POST')
    .where(sql<boolean>`http_status >= 400 and http_status < 500`)
    .where(sql<boolean>`(request_at, id) < (${requestAt}, ${Number(id)})`)
    .orderBy('request_at', 'desc')
    .orderBy('id', 'desc')
    .limit(25)
    .execute(),
);
console.log(`page 201 of POST 4xx (keyset): API ${deepApi.toFixed(2)} ms, bare SQL ${deepSql.toFixed(2)} ms, ratio ${(deepApi / deepSql).toFixed(2)}`);

// The export streams every row; memory stays flat because rows are read in keyset batches.
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const ticket = (await server.app.inject({ method: 'POST', url: '/api/system-logs/export', headers: { authorization }, payload: { filter: {} } })).json();
const exportStarted = performance.now();
const response = await fetch(`${server.address}${ticket.data.url}`);
let bytes = 0;
let lines = 0;
for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  for (const byte of chunk) if (byte === 10) lines++;
}
clearInterval(sampler);
const exportSeconds = (performance.now() - exportStarted) / 1000;
console.log(`export: ${(lines - 1).toLocaleString()} rows, ${(bytes / 2 ** 20).toFixed(0)} MiB in ${exportSeconds.toFixed(1)} s`);
console.log(
  `RSS before export ${(rssBefore / 2 ** 20).toFixed(0)} MiB, peak during export ${(peakRss / 2 ** 20).toFixed(0)} MiB (ratio ${(peakRss / rssBefore).toFixed(2)}; the CSV is ${(bytes / rssBefore).toFixed(1)}× the starting RSS)`,
);
await server.close();
