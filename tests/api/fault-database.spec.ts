// Two console processes on a PostgreSQL cluster of the test's own: A straight to its port, B
// through a TCP proxy. The database is stopped under load, its connections are killed and cut,
// it hangs, and a lock holds its tables; every request is answered within 10 s (a 503
// DATABASE_UNAVAILABLE while it cannot be reached), no process dies, and service comes back
// without a restart with every acknowledged write kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, marketAccount } from '../fakes/collect-fixtures';
import { PostgresCluster, postgresBinariesPresent } from '../fakes/postgres-cluster';
import { startLocalS3, useS3rverCredentials, type LocalS3 } from '../fakes/s3-server';
import { TcpProxy } from '../fakes/tcp-proxy';
import { openDatabase, unhurried } from '../../server/db/database';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './harness';
import { freePort, spawnServer, type ChildServer } from './ops-child';

/** What every request must beat, outage or not. */
const ANSWER_WITHIN_MS = 10_000;

interface Instance {
  server: ChildServer;
  url: string;
  dataDir: string;
}
interface Answer {
  status: number;
  result?: string;
  ms: number;
  body: Record<string, any>;
}

let cluster: PostgresCluster;
let proxy: TcpProxy;
let platform: AdPlatform;
let s3: LocalS3;
let a: Instance;
let b: Instance;
let token: string;

async function startInstance(name: string, databasePort: number, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `console-fault-${name}-`));
  const server = spawnServer('server/main.ts', {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${databasePort}/postgres`,
    REDIS_URL: '',
    FILE_STORE: 's3://console-files/fault',
    AWS_ENDPOINT_URL: s3.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET: 'fault-secret-0123456789abcdef-0123456789',
    SECRETS_KEY: 'cd'.repeat(32),
    OUTBOUND_ALLOW: '127.0.0.1',
    LOG_LEVEL: 'info',
    COLLECT_POLL_MS: '300',
    SHUTDOWN_GRACE_MS: '3000',
    ...env,
  });
  await server.waitFor(/Console ready/, 60_000);
  return { server, url: `http://127.0.0.1:${port}`, dataDir };
}

async function call(base: string, method: string, path: string, body?: unknown, bearer = token): Promise<Answer> {
  const startedAt = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    signal: AbortSignal.timeout(30_000),
  });
  const parsed = (await response.json()) as Record<string, any>;
  return { status: response.status, result: parsed.result, ms: performance.now() - startedAt, body: parsed };
}

async function signIn(base: string): Promise<string> {
  const challenge = await call(base, 'POST', '/api/auth/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '');
  expect(challenge.result).toBe('OTP_REQUIRED');
  // No SMTP: the code is in the log of whichever instance sent it.
  const output = () => a.server.output() + b.server.output();
  const codes = () => [...output().matchAll(/mail to admin@example\.com[^\n]*?(\d{6})/g)].map((match) => match[1]);
  const seen = codes().length;
  await vi.waitFor(() => expect(codes().length).toBeGreaterThan(seen), { timeout: 10_000 });
  const signedIn = await call(base, 'POST', '/api/auth/signin/otp', { challengeToken: challenge.body.data.challengeToken, code: codes().at(-1) }, '');
  expect(signedIn.result).toBe('SUCCESS');
  return signedIn.body.data.accessToken as string;
}

/**
 * Keeps `workers` callers busy on both instances (reads, and writes whose acknowledgement is
 * remembered) until stopped; answers every answer with what it was, and the acknowledged domains.
 */
function load(workers = 6) {
  const answers: (Answer & { path: string })[] = [];
  const acknowledged: string[] = [];
  const failures: unknown[] = [];
  let running = true;
  let sequence = 0;
  const worker = async (n: number) => {
    const base = n % 2 === 0 ? a.url : b.url;
    while (running) {
      const kind = sequence++ % 3;
      const domain = `w${n}-${sequence}-${Date.now()}.example.com`;
      try {
        if (kind === 0) {
          const answer = await call(base, 'POST', '/api/domains', { domain });
          answers.push({ ...answer, path: 'POST /api/domains' });
          if (answer.status === 200) acknowledged.push(domain);
        } else {
          const path = kind === 1 ? '/api/users?range=[0,9]' : '/api/auth/permissions';
          answers.push({ ...(await call(base, 'GET', path)), path: `GET ${path}` });
        }
      } catch (error) {
        // A refused or reset socket: the process is gone or did not answer at all.
        failures.push(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, n) => worker(n)));
  return {
    answers,
    acknowledged,
    failures,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Every answer came in time, and each is a success or the envelope's 503 DATABASE_UNAVAILABLE. */
function expectAnsweredInTime(answers: (Answer & { path: string })[]) {
  const late = answers.filter((answer) => answer.ms > ANSWER_WITHIN_MS).map((answer) => `${answer.path} ${Math.round(answer.ms)} ms`);
  expect(late).toEqual([]);
  const unexpected = answers.filter((answer) => !(answer.status === 200 || (answer.status === 503 && answer.result === 'DATABASE_UNAVAILABLE' && answer.body.data === null)));
  expect([...new Set(unexpected.map((answer) => `${answer.path} ${answer.status} ${answer.result} ${answer.body.resultMessage}`))]).toEqual([]);
}

const alive = (instance: Instance) => instance.server.child.exitCode === null && instance.server.child.signalCode === null;
/** Both processes still run; a dead one's last words (the old crash: "Unhandled 'error' event") are the failure's message. */
function expectAlive() {
  for (const instance of [a, b]) expect(alive(instance), instance.server.output().slice(-1500)).toBe(true);
}

async function expectServingAgain(instance: Instance) {
  await vi.waitFor(
    async () => {
      expect((await call(instance.url, 'GET', '/api/ready')).status).toBe(200);
      expect((await call(instance.url, 'GET', '/api/users?range=[0,9]')).status).toBe(200);
    },
    { timeout: 20_000, interval: 250 },
  );
}

async function expectAcknowledgedKept(acknowledged: string[]) {
  const stored = new Set((await cluster.query<{ domain: string }>('select domain from domains')).map((row) => row.domain));
  expect(acknowledged.filter((domain) => !stored.has(domain))).toEqual([]);
}

/** Both instances' session-bus connections listen (each is trusted again). */
async function expectBusListening() {
  await vi.waitFor(async () => expect((await cluster.query(`select pid from pg_stat_activity where application_name like 'console_session_bus_%'`)).length).toBe(2), {
    timeout: 20_000,
    interval: 250,
  });
}

// The cluster is the test's own, whichever database the pass runs on: it runs once, in the PostgreSQL pass.
describe.skipIf(!postgresBinariesPresent || !process.env.TEST_DATABASE_URL)('PostgreSQL stopped, cut, hung and locked under load', () => {
  beforeAll(async () => {
    cluster = new PostgresCluster(await freePort());
    cluster.start();
    proxy = new TcpProxy(cluster.port);
    await proxy.open();
    platform = await startAdPlatform(5);
    useS3rverCredentials();
    s3 = await startLocalS3(['console-files']);
    // A alone first, so one of them migrates and seeds the empty database.
    a = await startInstance('a', cluster.port);
    b = await startInstance('b', proxy.port, { COLLECT_SCHEDULER: 'off' });
    token = await signIn(a.url);
  }, 120_000);
  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue;
      if (alive(instance)) instance.server.child.kill('SIGKILL');
      await instance.server.exited;
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await proxy?.close();
    await platform?.close();
    await s3?.close();
    cluster?.destroy();
  });

  it('stopped for 10 s: every call answers in time with 503, /api/ready is NOT_READY, nothing dies; then it serves again by itself and kept every acknowledged write', async () => {
    const traffic = load();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    cluster.stop();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expectAlive();
    await vi.waitFor(async () => expect((await call(a.url, 'GET', '/api/users?range=[0,9]')).result).toBe('DATABASE_UNAVAILABLE'), { timeout: ANSWER_WITHIN_MS });
    for (const instance of [a, b]) {
      const ready = await call(instance.url, 'GET', '/api/ready');
      expect([ready.status, ready.body.data.status, ready.body.data.database, ready.ms < 3000]).toEqual([503, 'NOT_READY', false, true]);
      expect((await call(instance.url, 'GET', '/api/health')).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10_000 - (Date.now() - stoppedAt))));
    cluster.start();
    await Promise.all([expectServingAgain(a), expectServingAgain(b)]);
    await traffic.stop();

    expectAlive();
    expect(traffic.failures).toEqual([]);
    expectAnsweredInTime(traffic.answers);
    expect(traffic.answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(10);
    expect(traffic.acknowledged.length).toBeGreaterThan(3);
    await expectAcknowledgedKept(traffic.acknowledged);
    // The operator's line; and the calls refused meanwhile are in the system log once it is back.
    expect(a.server.output()).toMatch(/database unavailable/);
    await vi.waitFor(async () => expect(Number((await cluster.query('select count(*) as n from system_logs where http_status = 503'))[0].n)).toBeGreaterThan(0), { timeout: 10_000 });
  }, 60_000);

  it('after the restart the session bus carries a sign-out again, and the collect scheduler runs a task', async () => {
    await expectBusListening();
    const second = await signIn(a.url);
    // B caches the session, then hears its sign-out on A.
    expect((await call(b.url, 'GET', '/api/auth/permissions', undefined, second)).status).toBe(200);
    expect((await call(a.url, 'POST', '/api/auth/signout', undefined, second)).status).toBe(200);
    expect((await call(b.url, 'GET', '/api/auth/permissions', undefined, second)).status).toBe(401);

    const account = await call(a.url, 'POST', '/api/market-accounts', marketAccount());
    const config = await call(a.url, 'POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: account.body.data.id, alertRecipients: [] }));
    expect(config.status, JSON.stringify(config.body)).toBe(200);
    const task = await call(a.url, 'POST', `/api/collect-configs/${config.body.data.id}/run`);
    await vi.waitFor(async () => expect((await call(a.url, 'GET', `/api/tasks/${task.body.data.id}`)).body.data.status).toBe('SUCCESS'), { timeout: 20_000, interval: 250 });
  }, 60_000);

  it('a failover: every console connection killed on the server (A) and cut on the path (B) — answered in time, served again at once', async () => {
    const traffic = load();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await cluster.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'`);
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await Promise.all([expectServingAgain(a), expectServingAgain(b)]);
    await traffic.stop();
    expectAlive();
    expect(traffic.failures).toEqual([]);
    expectAnsweredInTime(traffic.answers);
    await expectAcknowledgedKept(traffic.acknowledged);
    await expectBusListening();
  }, 60_000);

  it('a hung path (B): connections open, nothing answers — 503 within 10 s, /api/ready NOT_READY at once; it serves again once the path carries', async () => {
    const traffic = load(4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    proxy.hang();
    const ready = await call(b.url, 'GET', '/api/ready');
    expect([ready.status, ready.body.data.status, ready.ms < 3000]).toEqual([503, 'NOT_READY', true]);
    await vi.waitFor(async () => expect((await call(b.url, 'GET', '/api/users?range=[0,9]')).result).toBe('DATABASE_UNAVAILABLE'), { timeout: 2 * ANSWER_WITHIN_MS });
    proxy.resume();
    await expectServingAgain(b);
    await traffic.stop();
    expectAlive();
    expect(traffic.failures).toEqual([]);
    expectAnsweredInTime(traffic.answers);
    await expectAcknowledgedKept(traffic.acknowledged);
  }, 60_000);

  it('slow queries (a lock held on the accounts table) do not exhaust the pool: 503 within 10 s, served again once released', async () => {
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table admins in access exclusive mode');
      const answers = await Promise.all(Array.from({ length: 14 }, () => call(a.url, 'GET', '/api/users?range=[0,9]')));
      expectAnsweredInTime(answers.map((answer) => ({ ...answer, path: 'GET /api/users' })));
      expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
      expect((await call(a.url, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    await expectServingAgain(a);
  }, 60_000);

  it('a statement longer than the timeout is cancelled, except in unhurried() work (an upload commit, a sweep)', async () => {
    const db = openDatabase({ databaseUrl: cluster.url, sqlitePath: '' });
    try {
      const hurried = await sql`select pg_sleep(5.5)`.execute(db).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect([(hurried as { code?: string }).code, isDatabaseUnavailable(hurried)]).toEqual(['57014', true]);
      await expect(unhurried(db, async (trx) => (await sql<{ done: number }>`select 1 as done from pg_sleep(6.5)`.execute(trx)).rows[0].done)).resolves.toBe(1);
    } finally {
      await db.destroy();
    }
  }, 30_000);
});
