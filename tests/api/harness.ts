import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app';
import { defaultConfig, type AppConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedFoundation } from '../../server/db/seed';
import { seedDemo } from '../../server/ops/demo';
import { passwordHasher } from '../../server/auth/passwords';
import type { Clock } from '../../server/clock';
import type { OutgoingMail } from '../../server/mail/mailer';
import { AUTHORITIES, AUTHORITY_RANKS, type Authority, type Envelope, type TokenPair } from '../../src/shared';
import type { Insertable } from 'kysely';
import type { AdminsTable, Database } from '../../server/db/schema';
import { watchContract } from './contract';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtp-peer';
import { PG_DATABASE_PREFIX } from './global-setup';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin#2024x';

/** A clock tests can move forward; it starts at the real time. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface Reply<T = any> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  config: AppConfig;
  call<T = any>(method: InjectOptions['method'], url: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<Reply<T>>;
  /** The 6-digit code in the newest mail to this address, once the queued mails are out. */
  lastCode(email: string): Promise<string>;
  /** The newest mail to this address as it left the server, secrets in clear (the outbox masks them). */
  lastMail(email: string): Promise<{ subject: string; body_text: string; template_type: string } | undefined>;
  /** Every mail that left the server, oldest first. */
  mails: OutgoingMail[];
  signIn(email: string, password: string): Promise<TokenPair>;
  /** The first system-admin's password: ADMIN_PASSWORD, or the generated one when overrides set `adminPassword: undefined`. */
  adminPassword: string;
  close(): Promise<void>;
}

/** Every rank's signed-in account (see accountsByRank). */
export type RankAccounts = Awaited<ReturnType<typeof accountsByRank>>;

/**
 * A spec file's app: started before its tests and closed after them. `keep` receives the app once
 * it runs, and the file keeps it in its own variable: `let t: TestApp; withTestApp((app) => (t = app));`.
 * Hooks run in the order they are declared and after-hooks in reverse, so a file's own set-up
 * follows in a beforeAll after this call and its own afterAll runs before the app closes;
 * `overrides` may be a function, read once earlier hooks have run (an SMTP peer's url).
 */
export function withTestApp(keep: (t: TestApp) => void, overrides: Partial<AppConfig> | (() => Partial<AppConfig>) = {}): void {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(typeof overrides === 'function' ? overrides() : overrides);
    keep(started);
  });
  afterAll(async () => started?.close());
}

/**
 * withTestApp sending its mail to a real local SMTP peer, started before the app and closed after it:
 * `withSmtpTestApp((suite) => ({ t, smtp } = suite));`.
 */
export function withSmtpTestApp(keep: (suite: { t: TestApp; smtp: SmtpPeer }) => void): void {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(async () => smtp.close());
  withTestApp(
    (t) => keep({ t, smtp }),
    () => ({ smtpUrl: smtp.url }),
  );
}

/**
 * withTestApp with every rank's signed-in account (accountsByRank) and the system admin's token:
 * `withRankAccounts((suite) => ({ t, accounts, admin } = suite));`.
 */
export function withRankAccounts(keep: (suite: { t: TestApp; accounts: RankAccounts; admin: string }) => void, overrides: Partial<AppConfig> | (() => Partial<AppConfig>) = {}): void {
  let t: TestApp;
  withTestApp((app) => (t = app), overrides);
  beforeAll(async () => {
    const accounts = await accountsByRank(t);
    keep({ t, accounts, admin: accounts['system-admin'].token });
  });
}

/**
 * withTestApp with the demo data added and the system admin's token, for specs that read and write
 * the demo records: `withDemoData((suite) => ({ t, token } = suite));`.
 */
export function withDemoData(keep: (suite: { t: TestApp; token: string }) => void): void {
  let t: TestApp;
  withTestApp((app) => (t = app));
  beforeAll(async () => {
    await seedDemo(t.db, { hasher: passwordHasher(t.config.passwordHash), files: t.app.ctx.files, force: true });
    keep({ t, token: (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken });
  });
}

/**
 * The real server in-process on a fresh database: a copy of a migrated SQLite file, or a clone of
 * a migrated PostgreSQL database when TEST_DATABASE_URL is set. Hashing is cheap and rate limits are high unless a test asks.
 */
export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-api-'));
  const pgDatabase = process.env.TEST_DATABASE_URL ? await clonedPgDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const databaseUrl = pgDatabase?.url;
  const pgSchema = pgDatabase ? PG_SCHEMA : undefined;
  const config = defaultConfig({
    dataDir,
    databaseUrl,
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKeys: [randomBytes(32).toString('hex')],
    passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    rateLimits: { perIp: { max: 100_000, windowMs: 60_000 }, perEmail: { max: 100_000, windowMs: 60_000 } },
    otpResendIntervalMs: 0,
    publicUrl: 'http://console.test',
    logLevel: 'silent',
    ...overrides,
  });
  const clock = new TestClock();
  if (!pgDatabase) copyFileSync(await migratedSqliteTemplate(), config.sqlitePath);
  const db = openDatabase({ ...config, pgSchema });
  let app: FastifyInstance;
  let adminPassword: string;
  const mails: OutgoingMail[] = [];
  try {
    const chosen = 'adminPassword' in overrides ? overrides.adminPassword : ADMIN_PASSWORD;
    const seeded = await seedFoundation(db, { adminEmail: ADMIN_EMAIL, adminPassword: chosen, hasher: passwordHasher(config.passwordHash), nowIso: clock.now().toISOString() });
    adminPassword = seeded.generatedPassword ?? chosen!;
    app = await listening(await buildApp(config, { db, clock, logger: false, observeMail: (mail) => mails.push(mail) }));
  } catch (error) {
    await db.destroy();
    await pgDatabase?.drop();
    throw error;
  }

  const contract = watchContract(app);

  const call = injectCall(app);
  const lastMail: TestApp['lastMail'] = async (email) => {
    await app.ctx.mailer.idle();
    const mail = mails.findLast((sent) => sent.to === email);
    return mail && { subject: mail.subject, body_text: mail.text, template_type: mail.type };
  };
  const lastCode: TestApp['lastCode'] = async (email) => {
    const mail = await lastMail(email);
    const code = mail?.body_text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };
  const signIn: TestApp['signIn'] = async (email, password) => {
    const first = await call('POST', '/api/auth/signin', { body: { email, password } });
    if (first.body.result !== 'OTP_REQUIRED') throw new Error(`sign-in failed: ${JSON.stringify(first.body)}`);
    const second = await call('POST', '/api/auth/signin/otp', { body: { challengeToken: first.body.data.challengeToken, code: await lastCode(email) } });
    if (second.body.result !== 'SUCCESS') throw new Error(`code step failed: ${JSON.stringify(second.body)}`);
    return second.body.data;
  };
  return {
    app,
    db,
    clock,
    config,
    call,
    lastCode,
    lastMail,
    mails,
    signIn,
    adminPassword: adminPassword!,
    async close() {
      await app.close();
      await db.destroy();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      const violations = [...new Set(contract.violations)];
      if (violations.length) throw new Error(`Answers that the OpenAPI document does not declare:\n${violations.join('\n')}`);
    },
  };
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A SQLite file with every migration run, made once per test process: each app starts on a copy
 * instead of running the migrations again (a quarter of a second per app, hundreds of apps per run).
 * Closing it folds the WAL into the file, so the copy is the whole database. The tests of the
 * migrations themselves open their own databases and migrate them for real.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-api-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const sqlitePath = join(dir, 'console.sqlite');
    const db = openDatabase({ sqlitePath });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    return sqlitePath;
  })();
  return sqliteTemplate;
}

/** The schema an app's tables are in, in the PostgreSQL database of its own. */
const PG_SCHEMA = 'console';

let pgTemplate: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration run, made once per test process and named after the
 * run (the run's global teardown drops it): running the migrations took seconds per app on
 * PostgreSQL, cloning a database a fraction of one.
 */
function migratedPgTemplate(url: string): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `${PG_DATABASE_PREFIX}${inject('pgRun')}_${process.pid}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    await adminQuery(databaseUrlOf(url, name), `CREATE SCHEMA ${PG_SCHEMA}`);
    const db = openDatabase({ databaseUrl: databaseUrlOf(url, name), sqlitePath: '', pgSchema: PG_SCHEMA });
    try {
      await migrateToLatest(db);
    } finally {
      // A template is cloned only while no one is connected to it.
      await db.destroy();
    }
    return name;
  })();
  return pgTemplate;
}

/** A new database cloned from the migrated template, for one app. */
async function clonedPgDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await migratedPgTemplate(url);
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  // FORCE: a child process a test killed may still hold a connection.
  return { url: databaseUrlOf(url, name), drop: () => adminQuery(url, `DROP DATABASE ${name} WITH (FORCE)`) };
}

function databaseUrlOf(url: string, database: string): string {
  const other = new URL(url);
  other.pathname = `/${database}`;
  return other.href;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Signs up a new account through the public API (domain example.com is seeded as allowed). */
export async function signUp(t: TestApp, email: string, password = 'Passw0rd!'): Promise<number> {
  const sent = await t.call('POST', '/api/auth/otp', { body: { email } });
  if (sent.body.result !== 'SUCCESS') throw new Error(JSON.stringify(sent.body));
  const verified = await t.call('POST', '/api/auth/otp/verification', { body: { email, code: await t.lastCode(email) } });
  const terms = await t.call('GET', '/api/auth/terms');
  const signedUp = await t.call('POST', '/api/auth/signup', {
    body: {
      verificationToken: verified.body.data.verificationToken,
      password,
      firstName: 'Test',
      lastName: 'User',
      company: 'HQ',
      region: 'APAC',
      office: 'KR',
      agreedTermVersionIds: terms.body.data.map((term: { termVersionId: number }) => term.termVersionId),
    },
  });
  if (signedUp.body.result !== 'SUCCESS') throw new Error(JSON.stringify(signedUp.body));
  const row = await t.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** Signs up and approves an account, returning its id and a signed-in token pair. */
export async function approvedUser(t: TestApp, adminToken: string, email: string, password = 'Passw0rd!') {
  const id = await signUp(t, email, password);
  const approved = await t.call('PUT', `/api/users/${id}/approval`, { token: adminToken, body: { approvalStatusCode: 'APPROVED' } });
  if (approved.body.result !== 'SUCCESS') throw new Error(JSON.stringify(approved.body));
  return { id, tokens: await t.signIn(email, password) };
}

/** Tables that user input may change (logs excluded): equal snapshots mean refused input changed nothing. */
export const STATE_TABLES = ['admins', 'admin_countries', 'sessions', 'refresh_tokens', 'otp_challenges', 'password_reset_tokens', 'term_versions', 'term_agreements', 'mail_outbox'] as const;

/** Every row of the state tables, in a stable order, for before/after comparisons. */
export async function dbSnapshot(t: TestApp, tables: readonly (keyof Database)[] = STATE_TABLES): Promise<Record<string, unknown[]>> {
  // Mails queued by earlier calls settle first, so only what the compared calls did shows.
  await t.app.ctx.mailer.idle();
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await t.db.selectFrom(table).selectAll().execute();
    snapshot[table] = rows.map((row) => JSON.parse(JSON.stringify(row))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return snapshot;
}

/** Mails a profile code to the signed-in user and trades it for the X-OTP-Token value. */
export async function otpToken(t: TestApp, accessToken: string, email: string): Promise<string> {
  const sent = await t.call('POST', '/api/auth/admin/otp/send', { token: accessToken });
  if (sent.body.result !== 'SUCCESS') throw new Error(JSON.stringify(sent.body));
  const verified = await t.call('POST', '/api/auth/admin/otp/verify', { token: accessToken, body: { code: await t.lastCode(email) } });
  if (verified.body.result !== 'SUCCESS') throw new Error(JSON.stringify(verified.body));
  return verified.body.data.token;
}

/** Writes the system-log rows the app still holds in memory (they go out in batches), as a graceful shutdown would. */
export async function flushSystemLog(t: Pick<TestApp, 'app'>): Promise<void> {
  await t.app.ctx.systemLog.flush();
}

/** `TestApp['call']` on an app: an in-process request with the token as a Bearer header, its JSON answer. */
function injectCall(app: FastifyInstance): TestApp['call'] {
  return async (method, url, options = {}) => {
    const response = await app.inject({
      method,
      url,
      payload: options.body as InjectOptions['payload'],
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
}

/** A second server with other settings on the same database and clock. */
export async function startSiblingApp(t: TestApp, overrides: Partial<AppConfig>): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const app = await buildApp({ ...t.config, ...overrides }, { db: t.db, clock: t.clock, logger: false });
  return { app: await listening(app), close: () => app.close() };
}

/**
 * Ready as a test needs an instance: once its session bus listens. An instance answers before then
 * (on PostgreSQL the listener connects in the background), and when it connects it ends the event
 * streams opened meanwhile and misses nothing only from then on: a test that opened a stream or made
 * a change at once found it ended or unheard on a busy machine. On SQLite the bus is in-process and
 * listens from the start.
 */
async function listening(app: FastifyInstance): Promise<FastifyInstance> {
  await busListening(app.ctx.sessions.bus);
  return app;
}

/** Waits until a session bus listens (`trusted`): every change from then on reaches it. */
export async function busListening(bus: { readonly trusted: boolean }): Promise<void> {
  await vi.waitFor(
    () => {
      if (!bus.trusted) throw new Error('the session bus is not listening');
    },
    { timeout: 20_000, interval: 10 },
  );
}

/**
 * Another instance of the app on the same PostgreSQL database as `t`, as a second server process has
 * it: a pool of its own (its own connections, locks and listeners) and a DATA_DIR of its own.
 * `call` is `t.call`'s on it.
 */
export async function startPgInstance(t: TestApp): Promise<{ app: FastifyInstance; call: TestApp['call']; close(): Promise<void> }> {
  if (!t.config.databaseUrl) throw new Error('startPgInstance: the app is not on PostgreSQL');
  const dataDir = mkdtempSync(join(tmpdir(), 'console-instance-'));
  const db = openDatabase({ databaseUrl: t.config.databaseUrl, sqlitePath: '', pgSchema: PG_SCHEMA });
  const app = await listening(await buildApp({ ...t.config, dataDir }, { db, clock: t.clock, logger: false, files: t.app.ctx.files }));
  const call = injectCall(app);
  return {
    app,
    call,
    close: async () => {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Writes an account row without a session or term agreements and returns its id: an approved,
 * active account in HQ/APAC/KR named "<authority> Tester", a rank-5 user unless `values` say otherwise.
 * `values` may set any column; the password hash is a placeholder unless given.
 */
export async function insertAccount(t: TestApp, values: Partial<Insertable<AdminsTable>> & { email: string; authority?: Authority }): Promise<number> {
  const now = t.clock.now().toISOString();
  const authority = values.authority ?? 'user';
  const { rank, level } = AUTHORITY_RANKS[authority];
  const { id } = await t.db
    .insertInto('admins')
    .values({
      password_hash: 'x',
      first_name: authority,
      last_name: 'Tester',
      company_code: 'HQ',
      region_code: 'APAC',
      office_code: 'KR',
      account_rank: rank,
      account_level: level,
      approval_status_code: 'APPROVED',
      status_code: 'ACTIVE',
      created_at: now,
      updated_at: now,
      ...values,
      authority,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Gives an account the countries it manages (admin_countries rows). */
export async function insertAdminCountries(t: TestApp, adminId: number, countryCodes: string[]): Promise<void> {
  await t.db
    .insertInto('admin_countries')
    .values(countryCodes.map((country_code) => ({ admin_id: adminId, country_code })))
    .execute();
}

/** An approved, active account of the given authority that has agreed to every term, signed in. */
export async function signedInAccount(t: TestApp, email: string, authority: Authority, extra: Partial<Insertable<AdminsTable>> = {}) {
  const password = 'Passw0rd!';
  const id = await insertAccount(t, { email, password_hash: await passwordHasher(t.config.passwordHash).hash(password), ...extra, authority });
  const versions = await t.db.selectFrom('term_versions').select('id').execute();
  const agreedAt = t.clock.now().toISOString();
  await t.db
    .insertInto('term_agreements')
    .values(versions.map((version) => ({ admin_id: id, term_version_id: version.id, agreed_at: agreedAt })))
    .execute();
  return { id, email, token: (await t.signIn(email, password)).accessToken };
}

/** One signed-in account per rank 1–5, for role × action matrices. */
export async function accountsByRank(t: TestApp) {
  const accounts = {} as Record<Authority, { id: number; email: string; token: string }>;
  for (const authority of AUTHORITIES) accounts[authority] = await signedInAccount(t, `${authority}@example.com`, authority);
  return accounts;
}
