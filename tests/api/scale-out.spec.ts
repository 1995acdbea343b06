// Two console processes as an operator runs them: separate DATA_DIRs, one PostgreSQL schema, one
// Redis and a real S3-compatible server (s3rver) on 127.0.0.1, behind a round-robin proxy.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, marketAccount } from '../fakes/collect-fixtures';
import { startLocalS3, useS3rverCredentials, type LocalS3 } from '../fakes/s3-server';
import { MEDIA_SCHEMA, multipartBody } from './uploads-support';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './harness';
import { spawnServer, type ChildServer } from './ops-child';

const databaseUrl = process.env.TEST_DATABASE_URL;
const schema = `scale_${randomBytes(5).toString('hex')}`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('preview body')]);

interface Instance { server: ChildServer; url: string; dataDir: string }

let s3: LocalS3;
let platform: AdPlatform;
let proxy: Server;
let proxyUrl: string;
const instances: Record<'a' | 'b', Instance | undefined> = { a: undefined, b: undefined };
const retired: ChildServer[] = [];
let token: string;
let datasetId: number;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts (or restarts) instance `name` on its own DATA_DIR. */
async function start(name: 'a' | 'b', scheduler: 'on' | 'off'): Promise<Instance> {
  const port = await freePort();
  const dataDir = instances[name]?.dataDir ?? mkdtempSync(join(tmpdir(), `console-scale-${name}-`));
  const server = spawnServer('server/main.ts', {
    DATABASE_URL: `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    REDIS_URL: 'redis://127.0.0.1:6379', FILE_STORE: 's3://console-files/scale', AWS_ENDPOINT_URL: s3.url,
    JWT_SECRET: 'scale-out-test-secret-0123456789abcdef', SECRETS_KEY: 'ab'.repeat(32), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1',
    ADMIN_PASSWORD, PUBLIC_URL: 'http://console.test', TRUST_PROXY: 'true', LOG_LEVEL: 'info', OUTBOUND_ALLOW: '127.0.0.1',
    COLLECT_SCHEDULER: scheduler, COLLECT_POLL_MS: '300', COLLECT_LEASE_MS: '2000', UPLOAD_LEASE_MS: '2000', SHUTDOWN_GRACE_MS: '5000',
  });
  await server.waitFor(/Console ready/, 60_000);
  instances[name] = { server, url: `http://127.0.0.1:${port}`, dataDir };
  return instances[name]!;
}

/** Round robin over the instances that are up, request by request. */
function startProxy(): Promise<string> {
  let next = 0;
  proxy = createServer((incoming, outgoing) => {
    const up = [instances.a, instances.b].filter((instance): instance is Instance => instance !== undefined && instance.server.child.exitCode === null && instance.server.child.signalCode === null);
    const target = new URL(up[next++ % up.length].url);
    const forward = httpRequest({ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forward.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forward);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)));
}

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const isBuffer = Buffer.isBuffer(body);
  const response = await fetch(`${base}${path}`, {
    method, body: body === undefined ? undefined : isBuffer ? new Uint8Array(body) : JSON.stringify(body),
    headers: { ...(body !== undefined && !isBuffer ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer()) };
}

/** The newest sign-in code mailed, from whichever instance sent it (no SMTP: the mail is in its log). */
function newestCode(): string {
  const codes = [instances.a, instances.b, ...retired.map((server) => ({ server }))].flatMap((instance) => [...(instance?.server.output() ?? '').matchAll(/mail to admin@example\.com[^\n]*?(\d{6})/g)].map((match) => match[1]));
  return codes.at(-1)!;
}

async function uploadCsv(base: string, datasetId: number, rows: number) {
  const csv = `date,campaign_id,channel,impressions\n${Array.from({ length: rows }, (_, n) => `2024-01-01,C${n},search,${n}`).join('\n')}\n`;
  const { body, contentType } = await multipartBody(datasetId, 'rows.csv', Buffer.from(csv));
  const reply = await call(base, 'POST', '/api/uploads', body, { 'content-type': contentType });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.id as number;
}

const uploadStatus = async (base: string, id: number) => (await call(base, 'GET', `/api/uploads/${id}`)).body.data;
const rowsOf = async (datasetId: number) => Number((await adminQuery(`select count(*) as n from ${schema}.dataset_rows where dataset_id = ${datasetId}`)).rows[0].n);

describe.skipIf(!databaseUrl)('two console processes behind a proxy, on PostgreSQL, Redis and S3', () => {
  beforeAll(async () => {
    useS3rverCredentials();
    s3 = await startLocalS3(['console-files']);
    platform = await startAdPlatform(5);
    await adminQuery(`create schema ${schema}`);
    proxyUrl = await startProxy();
    // A first alone, so one of them migrates and seeds the empty schema; then B.
    await start('a', 'on');
    await start('b', 'off');
  }, 120_000);
  afterAll(async () => {
    for (const server of [instances.a?.server, instances.b?.server, ...retired]) {
      if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    }
    proxy?.close();
    await platform?.close();
    await s3?.close();
    for (const instance of [instances.a, instances.b]) if (instance) rmSync(instance.dataDir, { recursive: true, force: true });
    if (databaseUrl) await adminQuery(`drop schema if exists ${schema} cascade`);
  });

  it('signs in through the proxy, whichever instance answers each step', async () => {
    const challenge = await call(proxyUrl, 'POST', '/api/auth/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(challenge.body.result).toBe('OTP_REQUIRED');
    await vi.waitFor(() => expect(newestCode()).toMatch(/^\d{6}$/));
    const signedIn = await call(proxyUrl, 'POST', '/api/auth/signin/otp', { challengeToken: challenge.body.data.challengeToken, code: newestCode() });
    expect(signedIn.body.result).toBe('SUCCESS');
    token = signedIn.body.data.accessToken;
    for (let i = 0; i < 4; i++) expect((await call(proxyUrl, 'GET', '/api/users?range=[0,9]')).status).toBe(200);
  });

  it('stores a template preview through A in the bucket and serves it from B', async () => {
    const form = new FormData();
    form.append('purpose', 'template-preview');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'preview.png');
    const stored = await fetch(`${instances.a!.url}/api/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const { data } = await stored.json();
    expect(stored.status, JSON.stringify(data)).toBe(200);
    const served = await call(instances.b!.url, 'GET', `/api/files/${data.fileId}`);
    expect(served.status, String(served.body)).toBe(200);
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
  });

  it('previews a manual upload on A and commits it on B; a restart of A meanwhile leaves it alone', async () => {
    const dataset = await call(proxyUrl, 'POST', '/api/datasets', { title: 'Scale-out set', dataType: 'MEDIA', description: 'Two instances', schemaInfo: MEDIA_SCHEMA });
    expect(dataset.status, JSON.stringify(dataset.body)).toBe(200);
    datasetId = dataset.body.data.id;
    const uploadId = await uploadCsv(instances.a!.url, datasetId, 150_000);
    await vi.waitFor(async () => expect((await uploadStatus(instances.b!.url, uploadId)).status).toBe('READY'), { timeout: 60_000, interval: 200 });
    expect((await call(instances.b!.url, 'POST', `/api/uploads/${uploadId}/commit`, { mode: 'APPEND' })).status).toBe(200);
    // A reports B's commit, and restarts while it runs.
    expect((await call(instances.a!.url, 'GET', `/api/uploads/${uploadId}/progress`)).body.data).toMatchObject({ running: true, phase: 'WRITING' });
    const oldA = instances.a!.server;
    oldA.child.kill('SIGTERM');
    await oldA.exited;
    retired.push(oldA);
    await start('a', 'on');
    await vi.waitFor(async () => expect((await uploadStatus(instances.a!.url, uploadId)).status).toBe('SUCCESS'), { timeout: 60_000, interval: 200 });
    expect(await rowsOf(datasetId)).toBe(150_000);
  }, 180_000);

  it('A killed mid-commit: its upload ends FAIL "interrupted" once the lease expires, no rows kept; its collect task is finished by B', async () => {
    // A runs a collect task whose source holds the answer.
    platform.holding = true;
    const account = await call(proxyUrl, 'POST', '/api/market-accounts', marketAccount());
    const config = await call(proxyUrl, 'POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: account.body.data.id, sourceLocation: `${platform.url}/held`, sourceMethod: { ...collectConfig(platform.url).sourceMethod, timeoutMs: 120_000 }, alertRecipients: [] }));
    const task = await call(instances.a!.url, 'POST', `/api/collect-configs/${config.body.data.id}/run`);
    await vi.waitFor(async () => expect((await call(proxyUrl, 'GET', `/api/tasks/${task.body.data.id}`)).body.data.status).toBe('STARTED'), { timeout: 20_000, interval: 200 });

    const before = await rowsOf(datasetId);
    const uploadId = await uploadCsv(instances.a!.url, datasetId, 300_000);
    await vi.waitFor(async () => expect((await uploadStatus(instances.a!.url, uploadId)).status).toBe('READY'), { timeout: 60_000, interval: 200 });
    expect((await call(instances.a!.url, 'POST', `/api/uploads/${uploadId}/commit`, { mode: 'REPLACE' })).status).toBe(200);
    await vi.waitFor(async () => expect((await call(instances.b!.url, 'GET', `/api/uploads/${uploadId}/progress`)).body.data.done).toBeGreaterThan(0), { timeout: 30_000, interval: 20 });
    const killed = instances.a!.server;
    killed.child.kill('SIGKILL');
    await killed.exited;
    retired.push(killed);
    instances.a = undefined;

    await vi.waitFor(async () => expect(await uploadStatus(instances.b!.url, uploadId)).toMatchObject({ status: 'FAIL', reason: expect.stringMatching(/interrupted/) }), { timeout: 20_000, interval: 200 });
    expect(await rowsOf(datasetId)).toBe(before);

    // B, restarted with its scheduler on, takes the dead instance's task over once its lease expires.
    platform.holding = false;
    const oldB = instances.b!.server;
    oldB.child.kill('SIGTERM');
    await oldB.exited;
    retired.push(oldB);
    await start('b', 'on');
    await vi.waitFor(async () => {
      const { status, attempt, errorText } = (await call(proxyUrl, 'GET', `/api/tasks/${task.body.data.id}`)).body.data;
      expect({ status, attempt, errorText }).toEqual({ status: 'SUCCESS', attempt: 2, errorText: null });
    }, { timeout: 30_000, interval: 300 });
  }, 180_000);
});
