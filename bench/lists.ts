/**
 * The big lists at scale: with 100,000 accounts, 100,000 projects, 1,000,000 system-log
 * rows and 100,000 rows of access history, tasks and upload history, page 1 and a page 5,000 deep
 * of every big list through the real API (sign-in, token, parsing, query, count, envelope), as a
 * ratio to the same list on a server holding only the demo sample, both measured in this run.
 * The deep page is reached as the browser reaches it: with the nextCursor of the page before it
 * (lists that page by keyset), else by its offset. The demo holds no page 5,000 of any list, and
 * its empty answer skips the per-row work (joins, a signed file link per upload), so the deep
 * page is compared with the demo's page 1: the same list, a page of rows; the empty answer's time
 * is printed beside it.
 *
 *   npx tsx bench/lists.ts                      SQLite
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/lists.ts    PostgreSQL (a schema per server, dropped after)
 *   BENCH_SCALE=0.1 BENCH_SAMPLES=10            a short run (a tenth of the rows, ten samples per case)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { passwordHasher } from '../server/auth/passwords';
import { defaultConfig } from '../server/config';
import { isSqlite, openDatabase, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedFoundation } from '../server/db/seed';
import { createFileStore } from '../server/files/create-store';
import type { OutgoingMail } from '../server/mail/mailer';
import { seedDemo } from '../server/ops/demo';
import { BENCH_EMAIL, BENCH_PASSWORD, medianMs } from './harness';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
/** The median of SAMPLES timed runs, in ms. */
const median = (run: () => Promise<unknown>) => medianMs(run, SAMPLES);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ROWS = {
  admins: Math.round(100_000 * SCALE),
  projects: Math.round(100_000 * SCALE),
  system_logs: Math.round(1_000_000 * SCALE),
  access_history: Math.round(100_000 * SCALE),
  collect_tasks: Math.round(100_000 * SCALE),
  upload_histories: Math.round(100_000 * SCALE),
};
const PER_PAGE = 10;
/** The deep page: 5,000 pages in, or the last full page of a shorter (scaled-down) list. */
const DEEP_PAGE = Math.min(5_000, Math.floor((ROWS.admins - PER_PAGE) / PER_PAGE));
const passwordHash = { memoryCost: 4096, timeCost: 1, parallelism: 1 };

async function startServer(label: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `console-bench-lists-${label}-`));
  const pgSchema = DATABASE_URL ? `bench_lists_${label}_${randomBytes(4).toString('hex')}` : undefined;
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  if (pgSchema) await adminQuery(`create schema ${pgSchema}`);
  const config = defaultConfig({
    dataDir,
    databaseUrl: DATABASE_URL,
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKeys: [randomBytes(32).toString('hex')],
    logLevel: 'error',
    passwordHash,
    accessTokenTtlSeconds: 3600,
    rateLimits: { perIp: { max: 1_000_000, windowMs: 60_000 }, perEmail: { max: 1_000_000, windowMs: 60_000 } },
  });
  const db = openDatabase({ ...config, pgSchema });
  await migrateToLatest(db);
  const hasher = passwordHasher(passwordHash);
  await seedFoundation(db, { adminEmail: BENCH_EMAIL, adminPassword: BENCH_PASSWORD, hasher, nowIso: new Date().toISOString() });
  await seedDemo(db, { hasher, files: createFileStore({ dataDir, fileStore: undefined }), force: true });
  // The outbox keeps a code only until the mail is out, so the sign-in reads it from the mail sent.
  const mails: OutgoingMail[] = [];
  const app = await buildApp(config, { db, observeMail: (mail) => mails.push(mail) });
  return {
    app,
    db,
    mails,
    async close() {
      await app.close();
      await db.destroy();
      if (pgSchema) await adminQuery(`drop schema ${pgSchema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** INSERT … SELECT over a generated series of 1..n, in the engine's own words; `i` is the row number. */
function seriesInsert(db: Db, table: string, n: number, columns: Record<string, string>) {
  const names = Object.keys(columns).join(', ');
  const values = Object.values(columns).join(', ');
  return isSqlite(db)
    ? sql.raw(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n}) insert into ${table} (${names}) select ${values} from n`).execute(db)
    : sql.raw(`insert into ${table} (${names}) select ${values} from generate_series(1, ${n}) as n(i)`).execute(db);
}

/** An ISO instant `secondsExpr` seconds before now, as the app writes them. */
function isoAgo(db: Db, secondsExpr: string, now: string) {
  return isSqlite(db)
    ? `strftime('%Y-%m-%dT%H:%M:%fZ', '${now}', '-' || (${secondsExpr}) || ' seconds')`
    : `to_char(('${now}'::timestamptz - (${secondsExpr}) * interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The scale rows, added to the demo sample in one transaction per table (one statement each). */
async function seedScale(db: Db) {
  const now = new Date().toISOString();
  const day = now.slice(0, 10);
  const { id: configId } = await db
    .selectFrom('collect_configs')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirstOrThrow();
  const { id: datasetId } = await db
    .selectFrom('datasets')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirstOrThrow();
  if (configId === null || datasetId === null) throw new Error('The demo sample has no collect config or dataset to hang the scale rows from.');
  const text = (value: string) => `'${value}'`;
  await db.transaction().execute(async (trx) => {
    await seriesInsert(trx, 'admins', ROWS.admins, {
      email: `'scale' || i || '@bench.example.org'`,
      password_hash: text('not-a-hash'),
      first_name: text('Scale'),
      last_name: `'User ' || i`,
      authority: text('user'),
      account_rank: '6',
      account_level: text('USER'),
      status_code: `case when i % 10 = 0 then 'INACTIVE' else 'ACTIVE' end`,
      approval_status_code: text('APPROVED'),
      created_at: isoAgo(trx, 'i * 60 + 86400', now),
      updated_at: text(now),
    });
    await seriesInsert(trx, 'projects', ROWS.projects, {
      name: `'Scale project #' || i`,
      status: `case when i % 3 = 0 then 'COMPLETED' else 'ON_GOING' end`,
      data_type_code: text('MEDIA'),
      data_source: text('MASTER'),
      advertiser_code: text('ADV1'),
      dashboard_type: text('CUSTOM'),
      dashboard_url: text('https://example.org/d'),
      start_at: text(day),
      end_at: text(day),
      created_by: '1',
      created_at: isoAgo(trx, 'i * 60 + 86400', now),
      updated_by: '1',
      updated_at: isoAgo(trx, 'i * 60 + 86400', now),
    });
    await seriesInsert(trx, 'access_history', ROWS.access_history, {
      admin_id: '1',
      email: text(BENCH_EMAIL),
      event_type: `case when i % 4 = 0 then 'DASHBOARD_VIEW' else 'SIGN_IN' end`,
      success_flag: `case when i % 9 = 0 then 'N' else 'Y' end`,
      source_ip: text('127.0.0.1'),
      occurred_at: isoAgo(trx, 'i * 30 + 3600', now),
    });
    await seriesInsert(trx, 'collect_tasks', ROWS.collect_tasks, {
      task_kind: text('COLLECT'),
      config_id: String(configId),
      process_id: `'bench-' || i`,
      process_type: text('MASTERING'),
      schedule_type: text('DAILY'),
      status: `case when i % 20 = 0 then 'ERROR' else 'SUCCESS' end`,
      max_attempts: '3',
      period_from: text(day),
      period_to: text(day),
      due_at: isoAgo(trx, 'i * 5', now),
      run_after: isoAgo(trx, 'i * 5', now),
      created_at: isoAgo(trx, 'i * 5', now),
      updated_at: isoAgo(trx, 'i * 5', now),
    });
    await seriesInsert(trx, 'upload_histories', ROWS.upload_histories, {
      dataset_id: String(datasetId),
      file_name: `'scale-' || i || '.csv'`,
      storage_key: `'bench-scale-' || i`,
      file_kind: text('csv'),
      size_bytes: '1024',
      sha256: text('0'.repeat(64)),
      status: text('SUCCESS'),
      mode: text('APPEND'),
      row_count: '10',
      uploaded_count: '10',
      created_at: isoAgo(trx, 'i * 60 + 86400', now),
      updated_at: isoAgo(trx, 'i * 60 + 86400', now),
    });
    await seriesInsert(trx, 'system_logs', ROWS.system_logs, {
      admin_id: '(i % 300) + 1',
      email: `'user' || (i % 300) || '@example.com'`,
      event_id: `'bench-' || i`,
      end_point: `'/api/projects/' || (i % 997)`,
      http_method: `case when i % 6 = 0 then 'POST' else 'GET' end`,
      http_status: `case when i % 9 = 0 then 404 else 200 end`,
      request_at: isoAgo(trx, 'i * 2 + 3600', now),
      source_ip: text('127.0.0.1'),
    });
  });
  if (!isSqlite(db)) await sql`analyze`.execute(db);
}

async function signIn(server: Awaited<ReturnType<typeof startServer>>): Promise<string> {
  const challenge = (await server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: BENCH_EMAIL, password: BENCH_PASSWORD } })).json();
  await server.app.ctx.mailer.idle();
  const code = server.mails.findLast((mail) => mail.to === BENCH_EMAIL)!.text.match(/\b(\d{6})\b/)![1];
  const tokens = (await server.app.inject({ method: 'POST', url: '/api/auth/signin/otp', payload: { challengeToken: challenge.data.challengeToken, code } })).json();
  return `Bearer ${tokens.data.accessToken}`;
}

interface ListCase {
  label: string;
  path: string;
  filter?: Record<string, unknown>;
}

const week = { from: new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) };
const lists: ListCase[] = [
  { label: 'users', path: '/api/users' },
  { label: 'projects', path: '/api/projects' },
  { label: 'access history', path: '/api/access-history' },
  { label: "tasks (the board's 7 days)", path: '/api/tasks', filter: week },
  { label: 'system log', path: '/api/system-logs' },
  { label: 'upload history', path: '/api/uploads' },
];

function pageUrl(list: ListCase, page: number, after?: string): string {
  const first = (page - 1) * PER_PAGE;
  const query = new URLSearchParams({ range: JSON.stringify([first, first + PER_PAGE - 1]), filter: JSON.stringify(list.filter ?? {}) });
  if (after) query.set('after', after);
  return `${list.path}?${query}`;
}

/** Median times of page 1 and the deep page, and what the deep page answered. */
async function measure(server: Awaited<ReturnType<typeof startServer>>, authorization: string, list: ListCase) {
  const get = async (url: string) => {
    const reply = await server.app.inject({ method: 'GET', url, headers: { authorization } });
    if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.body}`);
    return reply.json().data as { list: unknown[]; totalCount: number; nextCursor?: string | null; totalIsEstimate?: boolean };
  };
  // The browser reaches the deep page from the one before it: with its cursor where the list has one.
  const before = await get(pageUrl(list, DEEP_PAGE - 1));
  const deepUrl = pageUrl(list, DEEP_PAGE, before.nextCursor ?? undefined);
  const deep = await get(deepUrl);
  const page1 = await get(pageUrl(list, 1));
  return {
    page1Ms: await median(() => get(pageUrl(list, 1))),
    deepMs: await median(() => get(deepUrl)),
    rows: deep.list.length,
    page1Rows: page1.list.length,
    keyset: Boolean(before.nextCursor),
    total: page1.totalCount,
    about: Boolean(page1.totalIsEstimate),
  };
}

const engine = DATABASE_URL ? 'PostgreSQL' : 'SQLite';
console.log(
  `${engine}; scale ${SCALE} (${Object.entries(ROWS)
    .map(([table, n]) => `${table} ${n.toLocaleString()}`)
    .join(', ')}); page ${DEEP_PAGE} deep; median of ${SAMPLES}`,
);
const demo = await startServer('demo');
const scale = await startServer('scale');
try {
  const seedStarted = performance.now();
  await seedScale(scale.db);
  console.log(`seeded the scale rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const [demoAuth, scaleAuth] = [await signIn(demo), await signIn(scale)];
  for (const list of lists) {
    const atDemo = await measure(demo, demoAuth, list);
    const atScale = await measure(scale, scaleAuth, list);
    if (atDemo.page1Rows !== atScale.rows) throw new Error(`${list.label}: the demo's page 1 holds ${atDemo.page1Rows} rows, the deep page ${atScale.rows}: not the same page`);
    const how = `${atScale.keyset ? 'keyset' : 'offset'}, ${atScale.rows} rows, total ${atScale.about ? 'about ' : ''}${atScale.total.toLocaleString()} vs ${atDemo.total}`;
    console.log(
      `${list.label}: page 1 ${atScale.page1Ms.toFixed(2)} ms vs demo ${atDemo.page1Ms.toFixed(2)} ms = ${(atScale.page1Ms / atDemo.page1Ms).toFixed(2)}×; ` +
        `page ${DEEP_PAGE} ${atScale.deepMs.toFixed(2)} ms vs demo page 1 = ${(atScale.deepMs / atDemo.page1Ms).toFixed(2)}× ` +
        `(${how}; the demo's empty page ${DEEP_PAGE} took ${atDemo.deepMs.toFixed(2)} ms)`,
    );
  }
} finally {
  await scale.close();
  await demo.close();
}
