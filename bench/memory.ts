/**
 * Memory: RSS of the console under BENCH_MINUTES (default 5) of authenticated list
 * load, after the first minute and at the end, next to a bare Fastify + better-sqlite3 server
 * under the same load. Target: the console's end RSS within 20 MB of its first-minute level.
 */
import { LIST_PATH, spawnServer, type ServerProcess } from './call-servers';
import { load, median } from './load';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MB = 1024 * 1024;

/** RSS samples this far apart; a level is the median of the samples in a window. */
const SAMPLE_MS = 2000;
const WINDOW_MS = 20_000;

/**
 * Loads `server` for MINUTES, sampling RSS; answers its level at the end of the first minute (or
 * of the first fifth of a shorter run) and at the end of the run, each the median of the samples
 * in the 20 s before it. One sample lands anywhere in a garbage-collection cycle: single readings
 * of the same server moved by ±30 MB between runs, a leak moves the median of ten.
 */
async function underLoad(server: ServerProcess): Promise<{ first: number; end: number; peak: number }> {
  const totalMs = MINUTES * 60_000;
  const firstAt = Math.min(60_000, totalMs / 5);
  const headers: Record<string, string> = server.token ? { authorization: `Bearer ${server.token}` } : {};
  const started = performance.now();
  const samples: { at: number; rss: number }[] = [];
  const sampler = setInterval(() => void server.rss().then((rss) => samples.push({ at: performance.now() - started, rss })), SAMPLE_MS);
  const first = await load({ url: server.url + LIST_PATH, headers, connections: CONNECTIONS, durationMs: firstAt });
  const rest = await load({ url: server.url + LIST_PATH, headers, connections: CONNECTIONS, durationMs: totalMs - firstAt });
  clearInterval(sampler);
  samples.push({ at: performance.now() - started, rss: await server.rss() });
  if (first.failures || rest.failures) throw new Error(`${first.failures + rest.failures} non-2xx answers: not measuring what it says`);
  const levelBefore = (until: number) => median(samples.filter(({ at }) => at > until - WINDOW_MS && at <= until).map(({ rss }) => rss));
  return { first: levelBefore(firstAt), end: levelBefore(samples.at(-1)!.at), peak: Math.max(...samples.map(({ rss }) => rss)) };
}

const consoleServer = await spawnServer(['console']);
const bare = await spawnServer(['bare', consoleServer.sqlitePath!]);
try {
  const consoleRss = await underLoad(consoleServer);
  const bareRss = await underLoad(bare);
  const line = (name: string, { first, end, peak }: { first: number; end: number; peak: number }) =>
    console.log(
      `${name.padEnd(8)} RSS (median of 20 s) after first minute ${(first / MB).toFixed(1).padStart(7)} MB, at end ${(end / MB).toFixed(1).padStart(7)} MB (growth ${((end - first) / MB).toFixed(1)} MB), peak ${(peak / MB).toFixed(1)} MB`,
    );
  console.log(`memory: ${MINUTES} min of list load each, ${CONNECTIONS} connections`);
  line('console', consoleRss);
  line('bare', bareRss);
  console.log(`console growth after the first minute (target ≤ 20 MB): ${((consoleRss.end - consoleRss.first) / MB).toFixed(1)} MB`);
} finally {
  await Promise.all([consoleServer.close(), bare.close()]);
}
