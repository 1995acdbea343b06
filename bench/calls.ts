/**
 * Per-call cost: the console's calls as ratios to a bare Fastify + better-sqlite3 server doing the
 * same work on the same data, measured in one run, rounds alternating, medians reported.
 *
 * - list page 1, called as a script calls it (a token only) and as the browser calls it (with its
 *   X-Time-Zone and Accept-Language, while the same person's other screen holds its event stream
 *   open), against the same page query and count: target ≥ 0.8× each. Beside it, the bare server
 *   doing only the work every authenticated list call must do (its token and session checked, its
 *   system-log row, its rows' versions), at its cheapest: how high any list ratio can reach here.
 * - create, update and delete of a domain with the activity log on, against an INSERT, UPDATE or
 *   DELETE with its audit INSERT in one transaction: target ≥ 0.5×, p99 ≤ 3× the bare p99.
 * - update as the browser saves: naming the version it read (If-Match, from the record's ETag, then
 *   each save's own), while the same person's other screen holds its event stream open and hears
 *   every save: the cost of versions and the stream, against the same bare transaction and against
 *   the plain update; and again with ten screens listening (a team with the console open).
 * - with BENCH_DATABASE_URL or TEST_DATABASE_URL, the console on PostgreSQL (list and update) as a
 *   ratio to its own SQLite figures: target ≥ 0.8×. Beside it, the bare server's same ratio (its list
 *   and edit on PostgreSQL against its own on SQLite): what the database alone costs on this machine,
 *   and, in time per save, what it adds to a bare save against what the target lets it add.
 *
 * BENCH_SECONDS (default 10) per measurement, BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10);
 * BENCH_PORT pins the servers' ports to it and the four after it (any free ones otherwise);
 * BENCH_ONLY=writes measures the create, update and delete alone (a change to the write path).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { CREATE_PATH, LIST_PATH, domainBody, editBody, spawnServer, type ServerProcess } from './call-servers';
import { load, median, type LoadResult } from './load';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LISTS = process.env.BENCH_ONLY !== 'writes';
const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
/** Records a delete measurement may remove: more than any server deletes in its time. */
const DELETE_POOL = Math.ceil((20_000 * DURATION_MS) / 1000);
/** How the browser's calls name the reader (src/providers/httpClient.ts). */
const BROWSER_HEADERS = { 'x-time-zone': 'Asia/Seoul', 'accept-language': 'ko' };

const basePort = Number(process.env.BENCH_PORT ?? 0);
const portEnv = (offset: number): Record<string, string> => (basePort ? { BENCH_SERVER_PORT: String(basePort + offset) } : {});

const consoleSqlite = await spawnServer(['console'], portEnv(0));
const bare = await spawnServer(['bare', consoleSqlite.sqlitePath!], portEnv(1));
const bareRequired = LISTS ? await spawnServer(['bare-required', consoleSqlite.sqlitePath!], portEnv(4)) : undefined;
// The driver's own handle on the file both servers use: the records to edit, and those to delete.
const sqlite = new SqliteDatabase(consoleSqlite.sqlitePath!);
sqlite.pragma('busy_timeout = 5000');
let schema: string | undefined;
let consolePg: ServerProcess | undefined;
let barePg: ServerProcess | undefined;
let pgUrl: string | undefined;
if (databaseUrl) {
  schema = `bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  pgUrl = url.toString();
  consolePg = await spawnServer(['console'], { BENCH_SERVER_DATABASE_URL: pgUrl, ...portEnv(2) });
  barePg = await spawnServer(['bare-pg'], { BENCH_SERVER_DATABASE_URL: pgUrl, ...portEnv(3) });
}

type Edited = { id: number; domain: string }[];
const seededSqlite = sqlite.prepare("select id, domain from domains where domain like 'bench%' order by id").all() as Edited;
const seededPg = pgUrl ? ((await pgQuery(pgUrl, "select id, domain from domains where domain like 'bench%' order by id")) as Edited) : [];

const auth = (server: ServerProcess): Record<string, string> => (server.token ? { authorization: `Bearer ${server.token}` } : {});
const run = (server: ServerProcess, { url = LIST_PATH, headers, ...options }: Omit<Parameters<typeof load>[0], 'url' | 'connections' | 'durationMs'> & { url?: string }) =>
  load({ ...options, url: server.url + url, connections: CONNECTIONS, durationMs: DURATION_MS, headers: { ...auth(server), ...headers } });
const list = (server: ServerProcess) => run(server, {});
/** The list as the browser calls it, with the person's other screen listening: lists are to keep their speed with the stream on. */
async function browserList(server: ServerProcess): Promise<LoadResult> {
  const stream = await listen(server);
  try {
    return await run(server, { headers: BROWSER_HEADERS });
  } finally {
    stream.close();
  }
}
/**
 * Creates records named after `prefix`, then removes them (untimed): every round's list then reads
 * the same 10,000 records. Left in place, each round's creates grew the table many times over, and
 * the bare server's uncached count of it slowed its later list rounds, flattering the ratio.
 */
async function create(server: ServerProcess, prefix: string): Promise<LoadResult> {
  try {
    return await run(server, { url: CREATE_PATH, method: 'POST', body: domainBody(prefix) });
  } finally {
    sqlite.prepare('delete from domains where domain like ?').run(`${prefix}%`);
  }
}
const update = (server: ServerProcess, records: Edited, round: number) =>
  run(server, {
    method: 'PUT',
    path: (n) => `/api/domains/${records[n % records.length].id}`,
    body: (n) => editBody(records[n % records.length].domain, round * 1_000_000 + n),
  });
/** Records a save as the browser saves names: each is saved again only long after its last answer came. */
const VERSIONED = 2_000;
/** Screens listening in the team case: each hears every save. */
const TEAM_SCREENS = 10;
/**
 * Updates as the browser saves: each names the version it read (the record's ETag, then its own last
 * save's), while `screens` other screens of the same person hold their event streams open; each must hear saves.
 */
async function updateAsBrowser(server: ServerProcess, records: Edited, round: number, screens = 1): Promise<LoadResult> {
  const chosen = records.slice(0, VERSIONED);
  const versions = new Map<number, string>();
  for (let start = 0; start < chosen.length; start += CONNECTIONS) {
    await Promise.all(
      chosen.slice(start, start + CONNECTIONS).map(async ({ id }) => {
        const answer = await fetch(`${server.url}/api/domains/${id}`, { headers: auth(server) });
        await answer.arrayBuffer();
        versions.set(id, answer.headers.get('etag')!);
      }),
    );
  }
  const streams = await Promise.all(Array.from({ length: screens }, () => listen(server)));
  try {
    const result = await run(server, {
      method: 'PUT',
      path: (n) => `/api/domains/${chosen[n % chosen.length].id}`,
      headersFor: (n) => ({ 'if-match': versions.get(chosen[n % chosen.length].id)! }),
      answered: (n, headers) => versions.set(chosen[n % chosen.length].id, headers.etag as string),
      body: (n) => editBody(chosen[n % chosen.length].domain, 500_000_000 + screens * 10_000_000 + round * 1_000_000 + n),
    });
    if (streams.some((stream) => stream.heard() === 0)) throw new Error("another screen's event stream heard no save: the benchmark is not measuring what it says");
    return result;
  } finally {
    streams.forEach((stream) => stream.close());
  }
}

/** The event stream of the person's other screen, counting the changes it is told of. */
function listen(server: ServerProcess): Promise<{ heard(): number; close(): void }> {
  return new Promise((resolve, reject) => {
    let heard = 0;
    let partial = '';
    const request = http.get(`${server.url}/api/events`, { headers: { authorization: `Bearer ${server.screenToken}` } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`event stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        // Server-sent events end with a blank line; a chunk may end inside one.
        const events = (partial + chunk).split('\n\n');
        partial = events.pop()!;
        heard += events.filter((event) => event.startsWith('data: ')).length;
      });
      response.on('error', () => undefined);
      resolve({ heard: () => heard, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

/** Deletes records made for it a moment before (a pool apart from the list's), whatever it leaves removed after. */
async function remove(server: ServerProcess, tag: string): Promise<LoadResult> {
  const now = new Date().toISOString();
  const add = sqlite.prepare("insert into domains (domain, description, active_flag, created_at, updated_at) values (?, null, 'N', ?, ?) returning id");
  const ids = sqlite.transaction(() => Array.from({ length: DELETE_POOL }, (_, i) => (add.get(`delete-${tag}-${i}.example.com`, now, now) as { id: number }).id))();
  try {
    return await run(server, { method: 'DELETE', path: (n) => `/api/domains/${ids[n]}` });
  } finally {
    sqlite.prepare('delete from domains where domain like ?').run(`delete-${tag}-%`);
  }
}

const results: Record<string, LoadResult[]> = {
  bareList: [],
  bareRequiredList: [],
  consoleList: [],
  consoleBrowserList: [],
  pgList: [],
  pgBrowserList: [],
  barePgList: [],
  bareInsert: [],
  consoleCreate: [],
  bareUpdate: [],
  consoleUpdate: [],
  consoleUpdateAsBrowser: [],
  consoleUpdateTeam: [],
  pgUpdate: [],
  barePgUpdate: [],
  bareDelete: [],
  consoleDelete: [],
};
try {
  // Warm every server (JIT, caches, the PostgreSQL pool's connections) before anything counts.
  for (const server of [consoleSqlite, bare, ...(bareRequired ? [bareRequired] : []), ...(consolePg && barePg ? [consolePg, barePg] : [])]) {
    await load({ url: server.url + LIST_PATH, headers: auth(server), connections: CONNECTIONS, durationMs: 1000 });
  }
  for (let round = 0; round < ROUNDS; round++) {
    if (LISTS) results.bareList.push(await list(bare));
    if (bareRequired) results.bareRequiredList.push(await list(bareRequired));
    if (LISTS) results.consoleList.push(await list(consoleSqlite));
    if (LISTS) results.consoleBrowserList.push(await browserList(consoleSqlite));
    if (consolePg && LISTS) {
      results.pgList.push(await list(consolePg));
      results.pgBrowserList.push(await browserList(consolePg));
      results.barePgList.push(await list(barePg!));
    }
    results.bareInsert.push(await create(bare, `bare${round}-`));
    results.consoleCreate.push(await create(consoleSqlite, `console${round}-`));
    results.bareUpdate.push(await update(bare, seededSqlite, round * 2));
    results.consoleUpdate.push(await update(consoleSqlite, seededSqlite, round * 2 + 1));
    results.consoleUpdateAsBrowser.push(await updateAsBrowser(consoleSqlite, seededSqlite, round));
    results.consoleUpdateTeam.push(await updateAsBrowser(consoleSqlite, seededSqlite, round, TEAM_SCREENS));
    if (consolePg) results.pgUpdate.push(await update(consolePg, seededPg, round));
    if (barePg) results.barePgUpdate.push(await update(barePg, seededPg, ROUNDS + round));
    results.bareDelete.push(await remove(bare, `bare${round}`));
    results.consoleDelete.push(await remove(consoleSqlite, `console${round}`));
  }
} finally {
  sqlite.close();
  await Promise.all([consoleSqlite.close(), bare.close(), bareRequired?.close(), consolePg?.close(), barePg?.close()]);
  if (schema) await adminQuery(`DROP SCHEMA ${schema} CASCADE`);
}

const failures = Object.entries(results).filter(([, runs]) => runs.some((one) => one.failures > 0));
if (failures.length) throw new Error(`non-2xx answers in ${failures.map(([name]) => name).join(', ')}: the benchmark is not measuring what it says`);

const summary = (runs: LoadResult[]) => ({ rps: median(runs.map((one) => one.rps)), p50: median(runs.map((one) => one.p50)), p99: median(runs.map((one) => one.p99)) });
const row = (name: string, runs: LoadResult[]) => {
  const { rps, p50, p99 } = summary(runs);
  console.log(`${name.padEnd(48)} ${rps.toFixed(0).padStart(8)} req/s   p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms`);
};
console.log(`calls: ${ROUNDS} rounds of ${DURATION_MS / 1000} s, ${CONNECTIONS} connections, medians`);
if (LISTS) {
  row('bare list page 1 (same query + count)', results.bareList);
  row('bare list page 1 + the work every call must do', results.bareRequiredList);
  row('console list page 1, as a script (token only)', results.consoleList);
  row('console list page 1, as the browser (zone, language, a stream open)', results.consoleBrowserList);
  if (consolePg) row('console list page 1 on PostgreSQL, as a script', results.pgList);
  if (consolePg) row('console list page 1 on PostgreSQL, as the browser (a stream open)', results.pgBrowserList);
  if (barePg) row('bare list page 1 on PostgreSQL', results.barePgList);
}
row('bare insert + audit insert (one transaction)', results.bareInsert);
row('console create domain (activity on)', results.consoleCreate);
row('bare update + audit insert (one transaction)', results.bareUpdate);
row('console update domain (activity on)', results.consoleUpdate);
row('console update, as the browser (If-Match, a stream open)', results.consoleUpdateAsBrowser);
row(`console update, as the browser, ${TEAM_SCREENS} screens listening`, results.consoleUpdateTeam);
if (consolePg) row('console update domain on PostgreSQL', results.pgUpdate);
if (barePg) row('bare update + audit insert on PostgreSQL', results.barePgUpdate);
row('bare delete + audit insert (one transaction)', results.bareDelete);
row('console delete domain (activity on)', results.consoleDelete);

const ratio = (value: number, base: number) => (value / base).toFixed(3);
const rate = (name: string) => summary(results[name]).rps;
const p99 = (name: string) => summary(results[name]).p99;
const line = (label: string, value: string) => console.log(`${label.padEnd(56)} ${value}`);
if (LISTS) {
  line('list ratio, as a script (console / bare, target ≥ 0.8):', ratio(rate('consoleList'), rate('bareList')));
  line('list ratio, as the browser (console / bare, target ≥ 0.8):', ratio(rate('consoleBrowserList'), rate('bareList')));
  line('list p99 ratio (console / bare, target ≤ 3):', ratio(p99('consoleList'), p99('bareList')));
  line('list ceiling (bare + required work / bare, the machine):', ratio(rate('bareRequiredList'), rate('bareList')));
  line('list, as a script (console / that ceiling):', ratio(rate('consoleList'), rate('bareRequiredList')));
}
for (const [label, console_, bare_] of [
  ['create', 'consoleCreate', 'bareInsert'],
  ['update', 'consoleUpdate', 'bareUpdate'],
  ['update as the browser', 'consoleUpdateAsBrowser', 'bareUpdate'],
  [`update, ${TEAM_SCREENS} screens listening`, 'consoleUpdateTeam', 'bareUpdate'],
  ['delete', 'consoleDelete', 'bareDelete'],
] as const) {
  line(`${label} ratio (console / bare transaction, target ≥ 0.5):`, ratio(rate(console_), rate(bare_)));
  line(`${label} p99 ratio (console / bare, target ≤ 3):`, ratio(p99(console_), p99(bare_)));
}
// What versions and the event stream cost, in the same run: the browser's calls against the script's.
if (LISTS) line('list as the browser / as a script (zone, language, a stream):', ratio(rate('consoleBrowserList'), rate('consoleList')));
line('update as the browser / plain update (If-Match, a stream):', ratio(rate('consoleUpdateAsBrowser'), rate('consoleUpdate')));
line(`update, ${TEAM_SCREENS} screens listening / one listening:`, ratio(rate('consoleUpdateTeam'), rate('consoleUpdateAsBrowser')));
if (consolePg) {
  if (LISTS) line('PostgreSQL list / SQLite list, as a script (target ≥ 0.8):', ratio(rate('pgList'), rate('consoleList')));
  if (LISTS) line('PostgreSQL list / SQLite list, as the browser (target ≥ 0.8):', ratio(rate('pgBrowserList'), rate('consoleBrowserList')));
  line('PostgreSQL update / SQLite update (target ≥ 0.8):', ratio(rate('pgUpdate'), rate('consoleUpdate')));
  if (LISTS) line('bare PostgreSQL list / bare SQLite list (the machine):', ratio(rate('barePgList'), rate('bareList')));
  line('bare PostgreSQL update / bare SQLite update (the machine):', ratio(rate('barePgUpdate'), rate('bareUpdate')));
  // The 0.8 target in time: what it lets PostgreSQL add to a console save, against what the same
  // statements on PostgreSQL add to a bare save (time per call at full load, from the rates above).
  const perCall = (name: string) => 1e6 / rate(name);
  line('PostgreSQL adds to a bare save (µs per call):', (perCall('barePgUpdate') - perCall('bareUpdate')).toFixed(0));
  line('the 0.8 target lets it add to a console save (µs):', (perCall('consoleUpdate') * (1 / 0.8 - 1)).toFixed(0));
} else console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');

async function adminQuery(text: string): Promise<void> {
  await pgQuery(databaseUrl!, text);
}

async function pgQuery(connectionString: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
