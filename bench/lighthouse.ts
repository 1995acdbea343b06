/**
 * The first signed-in screen, the project list at `/`, beside the minimal react-admin app of
 * bench/bundle.ts showing one list of the same rows, both built in this run and measured by
 * Lighthouse (its Node API, the default mobile preset) in one Chromium, alternating, medians:
 * JavaScript transferred and script requests of the load (targets ≤ 1.3× and ≤ 30 requests), total
 * blocking time and largest contentful paint (≤ 1.3×), and the console's accessibility,
 * best-practices and SEO scores. Before each console run the bench signs in through the real form
 * (the mailed code read as the server sends it), and every run empties the browser's cache first, so
 * it starts cold but signed in: Lighthouse keeps the session's cookies with `disableStorageReset`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/precompress';
import { seedDemo } from '../server/ops/demo';
import { passwordHasher } from '../server/auth/passwords';
import { BENCH_EMAIL, BENCH_PASSWORD, startBenchServer } from './harness';
import { staticServer } from './static-server';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** BENCH_LIGHTHOUSE_MENU=0 leaves out the pass over every menu screen (the side-by-side figures alone). */
const MENU_SCREENS = process.env.BENCH_LIGHTHOUSE_MENU !== '0';
/** BENCH_LIGHTHOUSE_DETAIL=1 prints, per run, where each app's main thread went and its long tasks. */
const DETAIL = process.env.BENCH_LIGHTHOUSE_DETAIL === '1';
const RATIO_TARGET = 1.3;
const SCRIPT_REQUESTS_TARGET = 30;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'];
/** A list is drawn when its first row is. */
const LIST_ROW = 'table tbody tr';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

interface Run {
  scriptKiB: number;
  scriptRequests: number;
  tbtMs: number;
  lcpMs: number;
  scores: Record<string, number>;
  /** Per category, the audits that did not pass (what keeps a score under 100). */
  failing: Record<string, string[]>;
  /** Main-thread time by kind, the long tasks and the scripts' own time, as Lighthouse reports them. */
  detail: string;
}

type Items = { items: Record<string, unknown>[] };
const ms = (value: unknown) => `${Math.round(Number(value))}`;
const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');

/** The main-thread-work-breakdown, long-tasks and bootup-time audits in a few lines. */
function describe(audits: Record<string, { details?: unknown }>): string {
  const breakdown = (audits['mainthread-work-breakdown'].details as Items).items.map((item) => `${item.group} ${ms(item.duration)}`).join(', ');
  const longTasks = ((audits['long-tasks'].details as Items | undefined)?.items ?? []).map((item) => `${ms(item.duration)}@${ms(item.startTime)} ${short(item.url)}`).join('; ');
  const bootup = (audits['bootup-time'].details as Items).items.map((item) => `${short(item.url)} ${ms(item.scripting)}+${ms(item.scriptParseCompile)}`).join('; ');
  const shift = Number((audits['cumulative-layout-shift'] as { numericValue?: number }).numericValue ?? 0).toFixed(3);
  return `    layout shift ${shift}; main thread: ${breakdown}\n    long tasks: ${longTasks}\n    script time (run+parse): ${bootup}`;
}

/** Chromium with a DevTools port, which Lighthouse and Playwright both drive. */
async function launchChromium(userDataDir: string): Promise<{ process: ChildProcess; port: number }> {
  const child = spawn('/usr/bin/chromium', [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((done, fail) => {
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const listening = said.match(/DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//);
      if (listening) done(Number(listening[1]));
    });
    child.once('exit', (code) => fail(new Error(`Chromium exited (${code}) before listening: ${said}`)));
  });
  return { process: child, port };
}

/** One Lighthouse run from a cold cache (with storage kept, Lighthouse keeps the cache too). */
async function measure(url: string, port: number, clearCache: () => Promise<unknown>, triesLeft = 2): Promise<Run> {
  await clearCache();
  const flags: Flags = { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: CATEGORIES };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  // A trace Lighthouse failed to record (NO_NAVSTART on a loaded machine) is its own fault, not the page's: it asks to run again.
  if (runtimeError && triesLeft > 0) return measure(url, port, clearCache, triesLeft - 1);
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const requests = (audits['network-requests'].details as { items: { resourceType?: string; transferSize?: number }[] }).items;
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  return {
    scriptKiB: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
    scriptRequests: scripts.length,
    tbtMs: audits['total-blocking-time'].numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint'].numericValue ?? NaN,
    scores: Object.fromEntries(Object.entries(categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)])),
    failing: Object.fromEntries(Object.entries(categories).map(([id, category]) => [id, category.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id].score ?? 1) < 1).map((ref) => ref.id)])),
    detail: describe(audits),
  };
}

/** Signs in through the form in the browser's default context, so Lighthouse's tab carries the session. */
async function signIn(context: BrowserContext, address: string, latestCode: () => Promise<string>): Promise<unknown[]> {
  // Signed out first: a signed-in visit to /sign-in goes on to the list.
  await context.clearCookies();
  const page = await context.newPage();
  try {
    await page.goto(`${address}/sign-in`);
    await page.fill('input[name=email]', BENCH_EMAIL);
    await page.fill('input[name=password]', BENCH_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('input[name=code]');
    await page.fill('input[name=code]', await latestCode());
    const listAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/projects');
    await page.getByRole('button', { name: 'Next' }).click();
    const rows = ((await (await listAnswer).json()) as { data: { list: unknown[] } }).data.list;
    await page.waitForSelector(LIST_ROW);
    return rows;
  } finally {
    await page.close();
  }
}

/** Category targets on every screen: accessibility and best practices 100, SEO at least 90. */
const CATEGORY_TARGETS: Record<string, number> = { accessibility: 100, 'best-practices': 100, seo: 90 };

/**
 * One Lighthouse run of each screen the signed-in menu links to (read from the app's own menu, so a
 * new screen is measured without naming it here), with its accessibility, best-practices and SEO
 * scores and what keeps each below its target. Answers whether any screen missed one.
 */
async function everyMenuScreen(context: BrowserContext, address: string, port: number, clearCache: () => Promise<unknown>): Promise<boolean> {
  const page = await context.newPage();
  // At a desktop's width the menu is the sidebar, drawn with every link.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${address}/`);
  await page.waitForSelector(LIST_ROW);
  const paths = [...new Set(await page.locator('nav a[href^="/"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname)))];
  await page.close();
  let missed = false;
  console.log(`Lighthouse categories on every screen of the menu (${paths.length}), one run each:`);
  for (const path of paths) {
    const run = await measure(`${address}${path}`, port, clearCache);
    const short = Object.entries(CATEGORY_TARGETS).filter(([category, target]) => run.scores[category] < target);
    missed ||= short.length > 0;
    const scores = Object.keys(CATEGORY_TARGETS)
      .map((category) => `${category} ${run.scores[category]}`)
      .join(', ');
    console.log(`  ${path.padEnd(28)} ${scores}${short.length ? ` — NOT met: ${short.map(([category]) => `${category} (${run.failing[category].join(', ')})`).join('; ')}` : ''}`);
  }
  return missed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const work = mkdtempSync(join(tmpdir(), 'console-lighthouse-'));
await build({ root: resolve('.'), logLevel: 'error', build: { outDir: join(work, 'console'), emptyOutDir: true } });
await build({ root: resolve('bench/bundle-baseline'), configFile: false, plugins: [react(), precompress()], logLevel: 'error', build: { outDir: join(work, 'baseline'), emptyOutDir: true } });
// The server reads the built app when it starts.
const server = await startBenchServer({}, { staticDir: join(work, 'console') });
let chromiumProcess: ChildProcess | undefined;
try {
  await seedDemo(server.db, { hasher: passwordHasher(server.config.passwordHash), files: server.app.ctx.files });

  const launched = await launchChromium(join(work, 'chromium'));
  chromiumProcess = launched.process;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${launched.port}`);
  const context = browser.contexts()[0];
  const signInFresh = () => signIn(context, server.address, () => server.latestCode());
  // The browser's HTTP cache is emptied through a blank tab kept for that.
  const cdp = await context.newCDPSession(await context.newPage());
  const clearCache = () => cdp.send('Network.clearBrowserCache');

  // The minimal app lists the rows the console's list showed, answered as ra-data-simple-rest expects.
  const rows = await signInFresh();
  const baseline = await staticServer(join(work, 'baseline'), (request, response) => {
    if (!request.url?.startsWith('/api/projects')) return false;
    response.setHeader('content-type', 'application/json');
    response.setHeader('content-range', `projects 0-${rows.length - 1}/${rows.length}`);
    response.end(JSON.stringify(rows));
    return true;
  });
  try {
    const consoleRuns: Run[] = [];
    const baselineRuns: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      if (run > 0) await signInFresh();
      consoleRuns.push(await measure(`${server.address}/`, launched.port, clearCache));
      baselineRuns.push(await measure(`${baseline.address}/#/projects`, launched.port, clearCache));
      if (DETAIL) {
        for (const [name, runs] of [
          ['console', consoleRuns],
          ['baseline', baselineRuns],
        ] as const) {
          console.log(`run ${run + 1} ${name}: TBT ${ms(runs[run].tbtMs)} ms, LCP ${ms(runs[run].lcpMs)} ms\n${runs[run].detail}`);
        }
      }
    }
    const figures = [
      { name: 'JavaScript transferred', unit: 'KiB', pick: (run: Run) => run.scriptKiB },
      { name: 'script requests', unit: '', pick: (run: Run) => run.scriptRequests },
      { name: 'total blocking time', unit: 'ms', pick: (run: Run) => run.tbtMs },
      { name: 'largest contentful paint', unit: 'ms', pick: (run: Run) => run.lcpMs },
    ];
    let missed = false;
    console.log(`Lighthouse ${RUNS} runs each, mobile preset, medians (console = project list at / signed in; baseline = minimal react-admin app listing the same ${rows.length} rows)`);
    for (const figure of figures) {
      const consoleValue = median(consoleRuns.map(figure.pick));
      const baselineValue = median(baselineRuns.map(figure.pick));
      const ratio = consoleValue / baselineValue;
      const targetMet = figure.name === 'script requests' ? consoleValue <= SCRIPT_REQUESTS_TARGET : ratio <= RATIO_TARGET;
      const target = figure.name === 'script requests' ? `≤ ${SCRIPT_REQUESTS_TARGET} requests` : `ratio ≤ ${RATIO_TARGET}`;
      missed ||= !targetMet;
      console.log(
        `${figure.name.padEnd(25)} console ${consoleValue.toFixed(0).padStart(6)} ${figure.unit.padEnd(3)} baseline ${baselineValue.toFixed(0).padStart(6)} ${figure.unit.padEnd(3)} ratio ${ratio.toFixed(2)} (target ${target}: ${targetMet ? 'met' : 'NOT met'})`,
      );
    }
    for (const category of CATEGORIES) {
      const failing = [...new Set(consoleRuns.flatMap((run) => run.failing[category]))];
      console.log(
        `console ${category} score: ${median(consoleRuns.map((run) => run.scores[category]))} (baseline ${median(baselineRuns.map((run) => run.scores[category]))})${failing.length ? `; failing: ${failing.join(', ')}` : ''}`,
      );
    }
    if (MENU_SCREENS) missed = (await everyMenuScreen(context, server.address, launched.port, clearCache)) || missed;
    if (missed) process.exitCode = 1;
  } finally {
    baseline.server.close();
    await browser.close();
  }
} finally {
  // Chromium writes its profile until it has exited; the folder goes after.
  if (chromiumProcess && chromiumProcess.exitCode === null) {
    const exited = once(chromiumProcess, 'exit');
    chromiumProcess.kill();
    await exited;
  }
  await server.close();
  rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
