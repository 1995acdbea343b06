/**
 * Time from navigating a cold browser to `/` until the sign-in form is drawn, as a ratio to the
 * minimal react-admin app of bench/bundle.ts drawing its first screen, both built in this run and
 * measured in Chromium, alternating, medians (target ≤ 1.0). The console is served by the real
 * server (precompressed files); the minimal app by a few lines of node:http that also send the
 * brotli copies, so both cross the wire alike.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { buildApp } from '../server/app';
import { defaultConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedFoundation } from '../server/db/seed';
import { passwordHasher } from '../server/auth/passwords';
import { precompress } from '../scripts/precompress';
import { BENCH_EMAIL, BENCH_PASSWORD } from './harness';
import { staticServer } from './static-server';

const RUNS = Number(process.env.BENCH_FIRST_RENDER_RUNS ?? 15);
const TARGET = 1.0;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'];

/** What each app draws first: the console's sign-in form, the minimal app's menu (it has no sign-in). */
const CONSOLE_READY = 'input[name=email]';
const BASELINE_READY = 'a[href="#/projects"]';

/** The real server on a fresh SQLite file, serving the console built into `distDir`. */
async function consoleServer(distDir: string, dataDir: string) {
  const config = defaultConfig({ dataDir, jwtSecret: randomBytes(32).toString('hex'), secretsKeys: [randomBytes(32).toString('hex')], logLevel: 'silent' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seedFoundation(db, { adminEmail: BENCH_EMAIL, adminPassword: BENCH_PASSWORD, hasher: passwordHasher(config.passwordHash), nowIso: new Date().toISOString() });
  const app = await buildApp(config, { db, staticDir: distDir, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/**
 * Milliseconds from navigation start until the frame that first lays out `selector`, timed inside
 * the page (performance.now() counts from navigation start; the check runs once a frame, as the
 * frame is drawn), in a fresh context so nothing is cached.
 */
async function firstRenderMs(browser: Browser, url: string, selector: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const drawnAt = await page.waitForFunction(
      (wanted) => {
        const element = document.querySelector(wanted);
        return element && element.getClientRects().length > 0 ? performance.now() : undefined;
      },
      selector,
      { polling: 'raf', timeout: 60_000 },
    );
    return (await drawnAt.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const work = mkdtempSync(join(tmpdir(), 'console-first-render-'));
try {
  const consoleDist = join(work, 'console');
  const baselineDist = join(work, 'baseline');
  await build({ root: resolve('.'), logLevel: 'error', build: { outDir: consoleDist, emptyOutDir: true } });
  await build({ root: resolve('bench/bundle-baseline'), configFile: false, plugins: [react(), precompress()], logLevel: 'error', build: { outDir: baselineDist, emptyOutDir: true } });

  const consoleApp = await consoleServer(consoleDist, join(work, 'data'));
  const baseline = await staticServer(baselineDist);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // One unmeasured load each warms the servers and the browser process.
    await firstRenderMs(browser, `${consoleApp.address}/`, CONSOLE_READY);
    await firstRenderMs(browser, `${baseline.address}/`, BASELINE_READY);
    const consoleTimes: number[] = [];
    const baselineTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      consoleTimes.push(await firstRenderMs(browser, `${consoleApp.address}/`, CONSOLE_READY));
      baselineTimes.push(await firstRenderMs(browser, `${baseline.address}/`, BASELINE_READY));
    }
    const consoleMs = median(consoleTimes);
    const baselineMs = median(baselineTimes);
    const ratio = consoleMs / baselineMs;
    console.log(`minimal react-admin app, first screen drawn: ${baselineMs.toFixed(0)} ms median of ${RUNS} cold loads (baseline)`);
    console.log(`console, sign-in form drawn from cold /:     ${consoleMs.toFixed(0)} ms median of ${RUNS} cold loads`);
    console.log(`ratio console / baseline: ${ratio.toFixed(3)} (target ≤ ${TARGET.toFixed(1)}: ${ratio <= TARGET ? 'met' : 'NOT met'})`);
    if (ratio > TARGET) process.exitCode = 1;
  } finally {
    await browser.close();
    baseline.server.close();
    await consoleApp.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
