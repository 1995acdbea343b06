import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { getFresh, spawnServer, type ChildServer } from './ops-child';
import { WATCHDOG_MARGIN_MS } from '../../server/ops/shutdown';

const FIXTURE = 'tests/api/fixtures/ops-server.ts';
let dataDir: string;
let server: ChildServer | undefined;

afterEach(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(graceMs: number): Promise<{ port: number }> {
  dataDir = mkdtempSync(join(tmpdir(), 'console-ops-'));
  server = spawnServer(FIXTURE, { DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: String(graceMs) });
  const [, port] = await server.waitFor(/LISTENING (\d+)/);
  return { port: Number(port) };
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the in-flight request, refuses new connections, closes the database and exits 0', async () => {
    const { port } = await start(10_000);
    const inFlight = getFresh(port, '/api/ops-test/slow?ms=1500');
    let answered = false;
    inFlight.then(
      () => (answered = true),
      () => (answered = true),
    );
    await server!.waitFor(/SLOW STARTED 1500/);
    const signalledAt = Date.now();
    server!.child.kill('SIGTERM');
    await server!.waitFor(/SIGTERM received/);
    // The listener closes right after the log line; a connection that reached the kernel's backlog
    // just before is reset, and from then on connections are refused.
    let refused: { code?: string } | undefined;
    for (let tries = 0; tries < 50 && refused?.code !== 'ECONNREFUSED'; tries++) {
      refused = await getFresh(port, '/api/health').then(
        () => sleep(10).then(() => undefined),
        (error) => error,
      );
    }
    expect(refused, server!.output()).toMatchObject({ code: 'ECONNREFUSED' });
    expect(answered).toBe(false);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ result: 'SUCCESS', data: { ms: 1500 } });
    const { code, atMs } = await server!.exited;
    expect(code).toBe(0);
    expect(atMs - signalledAt).toBeLessThan(10_000);
    expect(server!.output()).toMatch(/Shut down cleanly/);
    // The slow request's write committed before the database closed.
    const sqlite = new SqliteDatabase(join(dataDir, 'console.sqlite'), { readonly: true });
    expect(sqlite.prepare("select value from app_settings where key = 'slow-1500'").get()).toEqual({ value: 'finished' });
    expect((sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>)[0].integrity_check).toBe('ok');
    sqlite.close();
  });

  it('exits 1 with a log line when in-flight work outlasts SHUTDOWN_GRACE_MS', async () => {
    const { port } = await start(800);
    getFresh(port, '/api/ops-test/slow?ms=20000').catch(() => undefined);
    await server!.waitFor(/SLOW STARTED 20000/);
    const signalledAt = Date.now();
    server!.child.kill('SIGINT');
    const { code, atMs } = await server!.exited;
    expect(code).toBe(1);
    expect(atMs - signalledAt).toBeGreaterThanOrEqual(700);
    expect(atMs - signalledAt).toBeLessThan(5_000);
    expect(server!.output()).toMatch(/did not finish within SHUTDOWN_GRACE_MS \(800 ms\)/);
  });

  it('a shutdown that blocks the event loop is killed by the watchdog shortly after SHUTDOWN_GRACE_MS', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-ops-'));
    server = spawnServer('tests/api/fixtures/ops-blocked.ts', { SHUTDOWN_GRACE_MS: '500' });
    await server.waitFor(/LISTENING \d+/);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await server.waitFor(/BLOCKING/);
    const exited = await Promise.race([server.exited.then(({ atMs }) => ({ signal: server!.child.signalCode, atMs })), sleep(10_000).then(() => ({ signal: 'still running', atMs: Date.now() }))]);
    expect(exited.signal).toBe('SIGKILL');
    expect(exited.atMs - signalledAt).toBeGreaterThanOrEqual(500 + WATCHDOG_MARGIN_MS - 100);
    expect(exited.atMs - signalledAt).toBeLessThan(500 + WATCHDOG_MARGIN_MS + 2_000);
  });

  it("npm start's entry point (server/main.ts) shuts down on SIGTERM too", async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-ops-'));
    server = spawnServer('server/main.ts', { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'Admin#2024x', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '5000' });
    await server.waitFor(/Console ready/, 60_000);
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toMatch(/Shut down cleanly/);
  });

  it('server/main.ts with its stdout reader gone still drains and exits 0 on SIGTERM, within SHUTDOWN_GRACE_MS', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-ops-'));
    server = spawnServer('server/main.ts', { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'Admin#2024x', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '2000' });
    await server.waitFor(/Console ready/, 60_000);
    server.child.stdout!.destroy(); // the log shipper died: every write to stdout fails with EPIPE
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, atMs } = await Promise.race([server.exited, sleep(6_000).then(() => ({ code: 'still running', atMs: Date.now() }))]);
    expect(code, server.output()).toBe(0);
    expect(atMs - signalledAt).toBeLessThan(2_000);
  });
});

describe('start-up refusals', () => {
  it('an unreachable REDIS_URL stops start-up with exit code 2 and a message naming it', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-ops-'));
    server = spawnServer('server/main.ts', { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'Admin#2024x', REDIS_URL: 'redis://127.0.0.1:1' });
    const { code } = await server.exited;
    expect(code).toBe(2);
    expect(server.output()).toMatch(/REDIS_URL redis:\/\/127\.0\.0\.1:1 is unreachable/);
    expect(server.output()).not.toMatch(/Console ready/);
  });

  it('DATABASE_URL without JWT_SECRET stops start-up with exit code 2, before any key is generated', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-ops-'));
    server = spawnServer('server/main.ts', { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: 'postgres://console@127.0.0.1:1/console', JWT_SECRET: '' });
    const { code } = await server.exited;
    expect(code, server.output()).toBe(2);
    expect(server.output()).toMatch(/JWT_SECRET: required when DATABASE_URL is set/);
    expect(server.output()).not.toMatch(/Console ready/);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('bad SHUTDOWN_GRACE_MS, REDIS_URL and SEED_DEMO values are named', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-ops-'));
    server = spawnServer('server/main.ts', { DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: 'soon', REDIS_URL: 'localhost:6379', SEED_DEMO: 'yes' });
    const { code } = await server.exited;
    expect(code).toBe(2);
    expect(server.output()).toMatch(/SHUTDOWN_GRACE_MS: /);
    expect(server.output()).toMatch(/REDIS_URL: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(server.output()).toMatch(/SEED_DEMO: SEED_DEMO must be Y or N/);
  });
});
