/**
 * Per-call cost (issue 18): an authenticated list page 1 of the console as a ratio to a bare
 * Fastify + better-sqlite3 server running the same page query and count on the same data, and a
 * write (create a domain) as a ratio to a bare insert server, measured in one run, rounds
 * alternating, medians reported. With BENCH_DATABASE_URL or TEST_DATABASE_URL, also the console
 * on PostgreSQL as a ratio to its own SQLite rate. Targets: list ≥ 0.5× with p99 ≤ 3× the bare
 * server's, write ≥ 0.5×, PostgreSQL ≥ 0.75× SQLite.
 *
 * BENCH_SECONDS (default 10) per measurement, BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CREATE_PATH, LIST_PATH, domainBody, spawnServer, type ServerProcess } from './call-servers';
import { load, median, type LoadResult } from './load';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

const consoleSqlite = await spawnServer(['console']);
const bare = await spawnServer(['bare', consoleSqlite.sqlitePath!]);
let schema: string | undefined;
let consolePg: ServerProcess | undefined;
if (databaseUrl) {
  schema = `bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  consolePg = await spawnServer(['console'], { BENCH_SERVER_DATABASE_URL: url.toString() });
}

const auth = (server: ServerProcess): Record<string, string> => (server.token ? { authorization: `Bearer ${server.token}` } : {});
const list = (server: ServerProcess) => load({ url: server.url + LIST_PATH, headers: auth(server), connections: CONNECTIONS, durationMs: DURATION_MS });
const create = (server: ServerProcess, prefix: string) =>
  load({ url: server.url + CREATE_PATH, method: 'POST', headers: auth(server), body: domainBody(prefix), connections: CONNECTIONS, durationMs: DURATION_MS });

const results: Record<string, LoadResult[]> = { bareList: [], consoleList: [], pgList: [], bareInsert: [], consoleCreate: [] };
try {
  // Warm every server (JIT, caches, the PostgreSQL pool's connections) before anything counts.
  for (const server of [consoleSqlite, bare, ...(consolePg ? [consolePg] : [])]) {
    await load({ url: server.url + LIST_PATH, headers: auth(server), connections: CONNECTIONS, durationMs: 1000 });
  }
  for (let round = 0; round < ROUNDS; round++) {
    results.bareList.push(await list(bare));
    results.consoleList.push(await list(consoleSqlite));
    if (consolePg) results.pgList.push(await list(consolePg));
    results.bareInsert.push(await create(bare, `bare${round}-`));
    results.consoleCreate.push(await create(consoleSqlite, `console${round}-`));
  }
} finally {
  await Promise.all([consoleSqlite.close(), bare.close(), consolePg?.close()]);
  if (schema) await adminQuery(`DROP SCHEMA ${schema} CASCADE`);
}

const failures = Object.entries(results).filter(([, runs]) => runs.some((run) => run.failures > 0));
if (failures.length) throw new Error(`non-2xx answers in ${failures.map(([name]) => name).join(', ')}: the benchmark is not measuring what it says`);

const summary = (runs: LoadResult[]) => ({ rps: median(runs.map((run) => run.rps)), p99: median(runs.map((run) => run.p99)) });
const row = (name: string, runs: LoadResult[]) => {
  const { rps, p99 } = summary(runs);
  console.log(`${name.padEnd(38)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${p99.toFixed(2).padStart(7)} ms`);
};
console.log(`calls: ${ROUNDS} rounds of ${DURATION_MS / 1000} s, ${CONNECTIONS} connections, medians`);
row('bare list page 1 (same query + count)', results.bareList);
row('console list page 1 (authenticated)', results.consoleList);
if (consolePg) row('console list page 1 on PostgreSQL', results.pgList);
row('bare insert', results.bareInsert);
row('console create domain', results.consoleCreate);

const bareList = summary(results.bareList);
const consoleList = summary(results.consoleList);
const ratio = (value: number, base: number) => (value / base).toFixed(3);
console.log(`list ratio (console / bare, target ≥ 0.5):        ${ratio(consoleList.rps, bareList.rps)}`);
console.log(`list p99 ratio (console / bare, target ≤ 3):      ${ratio(consoleList.p99, bareList.p99)}`);
console.log(`write ratio (create domain / bare insert, ≥ 0.5): ${ratio(summary(results.consoleCreate).rps, summary(results.bareInsert).rps)}`);
if (consolePg) console.log(`PostgreSQL list / SQLite list (target ≥ 0.75):    ${ratio(summary(results.pgList).rps, consoleList.rps)}`);
else console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
