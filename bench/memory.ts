/**
 * Memory (issue 18): RSS of the console under BENCH_MINUTES (default 5) of authenticated list
 * load, after the first minute and at the end, next to a bare Fastify + better-sqlite3 server
 * under the same load. Target: the console's end RSS within 20 MB of its first-minute level.
 */
import { LIST_PATH, spawnServer, type ServerProcess } from './call-servers';
import { load } from './load';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MB = 1024 * 1024;

/** Loads `server` for MINUTES, sampling RSS; answers its RSS after the first minute (or a fifth of a shorter run) and at the end. */
async function underLoad(server: ServerProcess): Promise<{ first: number; end: number; peak: number }> {
  const totalMs = MINUTES * 60_000;
  const firstAt = Math.min(60_000, totalMs / 5);
  const headers: Record<string, string> = server.token ? { authorization: `Bearer ${server.token}` } : {};
  await load({ url: server.url + LIST_PATH, headers, connections: CONNECTIONS, durationMs: firstAt });
  const first = await server.rss();
  let peak = first;
  const sampler = setInterval(() => void server.rss().then((rss) => (peak = Math.max(peak, rss))), 5000);
  const rest = await load({ url: server.url + LIST_PATH, headers, connections: CONNECTIONS, durationMs: totalMs - firstAt });
  clearInterval(sampler);
  if (rest.failures) throw new Error(`${rest.failures} non-2xx answers: not measuring what it says`);
  const end = await server.rss();
  return { first, end, peak: Math.max(peak, end) };
}

const consoleServer = await spawnServer(['console']);
const bare = await spawnServer(['bare', consoleServer.sqlitePath!]);
try {
  const consoleRss = await underLoad(consoleServer);
  const bareRss = await underLoad(bare);
  const line = (name: string, { first, end, peak }: { first: number; end: number; peak: number }) =>
    console.log(
      `${name.padEnd(8)} RSS after first minute ${(first / MB).toFixed(1).padStart(7)} MB, at end ${(end / MB).toFixed(1).padStart(7)} MB (growth ${((end - first) / MB).toFixed(1)} MB), peak ${(peak / MB).toFixed(1)} MB`,
    );
  console.log(`memory: ${MINUTES} min of list load each, ${CONNECTIONS} connections`);
  line('console', consoleRss);
  line('bare', bareRss);
  console.log(`console growth after the first minute (target ≤ 20 MB): ${((consoleRss.end - consoleRss.first) / MB).toFixed(1)} MB`);
} finally {
  await Promise.all([consoleServer.close(), bare.close()]);
}
