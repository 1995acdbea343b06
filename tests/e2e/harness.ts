import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, onTestFailed } from 'vitest';
import { buildApp } from '../../server/app';
import { defaultConfig, type AppConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedFoundation } from '../../server/db/seed';
import { passwordHasher } from '../../server/auth/passwords';
import type { OutgoingMail } from '../../server/mail/mailer';
import { AUTHORITY_RANKS, type Authority } from '../../src/shared';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin#2024x';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface E2e {
  app: FastifyInstance;
  /** Creates an approved, active account of the given authority that has agreed to the terms in effect. */
  createAccount(email: string, password: string, authority?: Authority): Promise<number>;
  db: Db;
  baseUrl: string;
  browser: Browser;
  /** `test` is a concurrent test's own context, whose failure the page reports (the file-wide hook cannot tell concurrent tests apart). */
  newPage(viewport?: { width: number; height: number }, test?: { onTestFailed: typeof onTestFailed }): Promise<{ context: BrowserContext; page: Page }>;
  /** The 6-digit code, or the link, in the newest mail to this address. */
  lastCode(email: string): Promise<string>;
  lastLink(email: string): Promise<string>;
  close(): Promise<void>;
}

/** The databases of the servers this test file started. */
const started = new Set<Db>();

// Each test opens every list as it first opens. A list opens as its person last left it, kept on the
// server, so an earlier test's filtered link (pending sign-ups, a process's tasks) or a failed
// attempt's search would carry into the next test, or into the retry. A test of that memory keeps it
// within itself.
beforeEach(async () => {
  for (const db of started) await db.deleteFrom('list_preferences').where('key', 'like', '%.listParams').execute();
});

/** The real server serving the built app (dist/) on 127.0.0.1, a fresh SQLite file, and Chromium. */
export async function startE2e(overrides: Partial<AppConfig> = {}): Promise<E2e> {
  // E2E_DIST_DIR lets parallel work build into separate folders.
  const distDir = resolve(process.env.E2E_DIST_DIR ?? 'dist');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('dist/ is missing: run `npm run test:e2e`, which builds first');
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const config = defaultConfig({
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKeys: [randomBytes(32).toString('hex')],
    passwordHash: { memoryCost: 4096, timeCost: 1, parallelism: 1 },
    otpResendIntervalMs: 0,
    // The collect journey's fake ad platform listens on 127.0.0.1.
    outboundAllow: ['127.0.0.1'],
    logLevel: 'silent',
    rateLimits: { perIp: { max: 10_000, windowMs: 60_000 }, perEmail: { max: 10_000, windowMs: 60_000 } },
    ...overrides,
  });
  const db = openDatabase(config);
  started.add(db);
  await migrateToLatest(db);
  await seedFoundation(db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, hasher: passwordHasher(config.passwordHash), nowIso: new Date().toISOString() });
  // Mails as they leave the server: the outbox masks codes and links.
  const mails: OutgoingMail[] = [];
  const app = await buildApp(config, { db, staticDir: distDir, logger: false, observeMail: (mail) => mails.push(mail) });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  app.ctx.config.publicUrl = baseUrl;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

  const lastMailText = async (email: string) => {
    await app.ctx.mailer.idle();
    const mail = mails.findLast((sent) => sent.to === email);
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail.text;
  };
  const hasher = passwordHasher(config.passwordHash);
  return {
    app,
    db,
    baseUrl,
    browser,
    async createAccount(email, password, authority = 'user') {
      // A retried test makes its account again: the one its failed attempt made goes first (every
      // table that names an account cascades or lets go), so the retry starts as the attempt did.
      await db.deleteFrom('admins').where('email', '=', email).execute();
      const now = new Date().toISOString();
      const { rank, level } = AUTHORITY_RANKS[authority];
      const { id } = await db
        .insertInto('admins')
        .values({
          email,
          password_hash: await hasher.hash(password),
          first_name: authority,
          last_name: 'Tester',
          company_code: 'HQ',
          region_code: 'APAC',
          office_code: 'KR',
          authority,
          account_rank: rank,
          account_level: level,
          approval_status_code: 'APPROVED',
          status_code: 'ACTIVE',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('admin_countries').values({ admin_id: id, country_code: 'KR' }).execute();
      const versions = await db.selectFrom('term_versions').select('id').execute();
      await db
        .insertInto('term_agreements')
        .values(versions.map((version) => ({ admin_id: id, term_version_id: version.id, agreed_at: now })))
        .execute();
      return id;
    },
    async newPage(viewport = { width: 1440, height: 900 }, test = { onTestFailed }) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport });
      const page = await context.newPage();
      reportOnFailure(page, test.onTestFailed);
      trackServerCalls(page, new URL(baseUrl).origin);
      return { context, page };
    },
    async lastCode(email) {
      const code = (await lastMailText(email)).match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    async lastLink(email) {
      const link = (await lastMailText(email)).match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no link mailed to ${email}`);
      return link;
    },
    async close() {
      await browser.close();
      await app.close();
      started.delete(db);
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A flake seen once in CI must be readable from its log: when the test fails, this prints the
 * page's address, the toasts on screen and its last API calls, and keeps a screenshot.
 */
function reportOnFailure(page: Page, whenFailed: typeof onTestFailed): void {
  const calls: string[] = [];
  const started = Date.now();
  const note = (line: string) => calls.push(`${String(Date.now() - started).padStart(6)} ms ${line}`);
  page.on('request', (request) => request.url().includes('/api/') && note(`→ ${request.method()} ${new URL(request.url()).pathname}`));
  page.on('response', (response) => response.url().includes('/api/') && note(`← ${response.status()} ${new URL(response.url()).pathname}`));
  whenFailed(async ({ task }) => {
    if (page.isClosed()) return;
    const shot = join(tmpdir(), `e2e-failure-${task.name.replace(/\W+/g, '-').slice(0, 80)}.png`);
    const toasts = await page
      .locator('.MuiSnackbar-root')
      .allInnerTexts()
      .catch(() => []);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    console.error([`"${task.name}" failed on ${page.url()}`, `toasts: ${JSON.stringify(toasts)}`, `screenshot: ${shot}`, 'last API calls:', ...calls.slice(-30)].join('\n'));
  });
}

/** Each page's calls to the console's own server in flight, and when the last one started or ended. */
const serverCalls = new WeakMap<Page, { inFlight: number; lastChange: number }>();

function trackServerCalls(page: Page, origin: string): void {
  const calls = { inFlight: 0, lastChange: Date.now() };
  serverCalls.set(page, calls);
  // The API and the app's own chunks and fonts; another host (a dashboard's) is not the page's loading.
  // The record changes' stream (GET /api/events) stays open while a list or form is shown: no loading.
  const change = (by: number) => (request: Request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || url.pathname === '/api/events') return;
    calls.inFlight += by;
    calls.lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
}

/** How long a page must have made no call to its server before what the answers draw counts as drawn. */
const QUIET_MS = 300;

/**
 * Waits until the page has settled: no call to its server in flight or answered in the last
 * moments, no spinner or indeterminate progress bar, its fonts loaded and its finite animations (a
 * dialog fading in, a drawer sliding) ended. Unlike the browser's "network idle", this also holds
 * after a click that moves the app to another screen without loading a page.
 */
export async function waitForSettled(page: Page, { timeout = 20_000, quietMs = QUIET_MS } = {}): Promise<void> {
  const calls = serverCalls.get(page);
  if (!calls) throw new Error('waitForSettled needs a page from e2e.newPage(), which follows its calls');
  const loading = page.locator('[role=progressbar]:not([aria-valuenow]), .MuiSkeleton-root');
  await expect
    .poll(async () => calls.inFlight === 0 && Date.now() - calls.lastChange >= quietMs && (await loading.count()) === 0, {
      message: 'the page never settled: a call to the server or a spinner stayed',
      timeout,
      interval: 100,
    })
    .toBe(true);
  await page.evaluate(() => document.fonts.ready);
  await finiteAnimationsEnded(page);
  // A frame for React to draw what the last answer brought.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Waits for the page's running animations that end (a dialog fading in, a drawer sliding); a spinner's, which never ends, is not waited for. */
export async function finiteAnimationsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Asserts that `absent` is nowhere inside `container`, checked only once the container is on screen
 * and the page has settled. Counting right after some other text appears passes whether or not the
 * thing would have come, because the panel, row or dialog that would hold it may not be drawn yet;
 * waiting for its container, loaded, is what makes the count mean something. `container` must be
 * the element the thing would appear in (a dialog, a row, the page's main content).
 */
export async function expectAbsent(container: Locator, absent: Locator, message?: string): Promise<void> {
  await container.waitFor({ state: 'visible' });
  await waitForSettled(container.page());
  await container.waitFor({ state: 'visible' });
  expect(await container.locator(absent).allInnerTexts(), message ?? `${absent} is shown inside ${container}`).toEqual([]);
}

/** Collects console errors and failed requests of a page, for the "no errors" checks. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  // A script or style the Content-Security-Policy refuses is a defect even when the page copes (a
  // library probing for eval); the browser only reports it as an event, so each page turns it into a line.
  void page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`)),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // ERR_ABORTED is the browser cancelling a request because the page moved on (a reload, a
  // navigation, a download), not a failure of the server.
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${reason}`);
  });
  return problems;
}

/** Signs in through the sign-in page with the code mailed; ends on the page after the code step. */
export async function signInThroughPage(e2e: E2e, page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await signInOnPage(e2e, page, email, password);
}

/** Fills the sign-in form already on the page (a deep link's `/sign-in?next=…`) and the code step. */
export async function signInOnPage(e2e: E2e, page: Page, email: string, password: string): Promise<void> {
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  // In English or Korean: the every-screen survey signs in in both.
  await page.getByRole('button', { name: /^(Sign in|로그인)$/ }).click();
  await page.waitForSelector('input[name=code]');
  await page.fill('input[name=code]', await e2e.lastCode(email));
  await page.getByRole('button', { name: /^(Next|다음)$/ }).click();
}

/**
 * The API as the seeded system admin, signed in with the mailed code, for a test's setup that is not
 * what the test is about.
 */
export async function adminApi(e2e: E2e) {
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token?: string) => {
    const reply = await e2e.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return reply.json();
  };
  const challenge = await call('POST', '/api/auth/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const signedIn = await call('POST', '/api/auth/signin/otp', { challengeToken: challenge.data.challengeToken, code: await e2e.lastCode(ADMIN_EMAIL) });
  const token = signedIn.data.accessToken as string;
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => call(method, url, payload, token);
}
