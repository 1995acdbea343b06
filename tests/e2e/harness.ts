import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedFoundation } from '../../server/db/seed';
import { passwordHasher } from '../../server/auth/passwords';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin#2024x';

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface E2e {
  app: FastifyInstance;
  db: Db;
  baseUrl: string;
  browser: Browser;
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** The 6-digit code, or the link, in the newest mail to this address. */
  lastCode(email: string): Promise<string>;
  lastLink(email: string): Promise<string>;
  close(): Promise<void>;
}

/** The real server serving the built app (dist/) on 127.0.0.1, a fresh SQLite file, and Chromium. */
export async function startE2e(): Promise<E2e> {
  const distDir = resolve('dist');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('dist/ is missing: run `npm run test:e2e`, which builds first');
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const config = defaultConfig({
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    passwordHash: { memoryCost: 4096, timeCost: 1, parallelism: 1 },
    otpResendIntervalMs: 0,
    logLevel: 'silent',
    rateLimits: { perIp: { max: 10_000, windowMs: 60_000 }, perEmail: { max: 10_000, windowMs: 60_000 } },
  });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seedFoundation(db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, hasher: passwordHasher(config.passwordHash), nowIso: new Date().toISOString() });
  const app = await buildApp(config, { db, staticDir: distDir, logger: false });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  app.ctx.config.publicUrl = baseUrl;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

  const lastMailText = async (email: string) => {
    const mail = await db.selectFrom('mail_outbox').select('body_text').where('to_address', '=', email).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail.body_text;
  };
  return {
    app, db, baseUrl, browser,
    async newPage(viewport = { width: 1440, height: 900 }) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport });
      return { context, page: await context.newPage() };
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
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Collects console errors and failed requests of a page, for the "no errors" checks. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
  return problems;
}
