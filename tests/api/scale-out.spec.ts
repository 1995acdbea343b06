// Two console processes as an operator runs them: separate DATA_DIRs, one PostgreSQL schema, one
// Redis and a real S3-compatible server (s3rver) on 127.0.0.1, behind a round-robin proxy.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, marketAccount } from '../fakes/collect-fixtures';
import { ConsoleCluster } from '../fakes/console-cluster';
import { MEDIA_SCHEMA, multipartBody } from './uploads-support';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './harness';

const databaseUrl = process.env.TEST_DATABASE_URL;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('preview body')]);

let cluster: ConsoleCluster;
let platform: AdPlatform;
let token: string;
let datasetId: number;
const url = (name: string) => cluster.instances.get(name)!.url;

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const isBuffer = Buffer.isBuffer(body);
  const response = await fetch(`${base}${path}`, {
    method,
    body: body === undefined ? undefined : isBuffer ? new Uint8Array(body) : JSON.stringify(body),
    headers: { ...(body !== undefined && !isBuffer ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer()) };
}

async function uploadCsv(base: string, rows: number) {
  const csv = `date,campaign_id,channel,impressions\n${Array.from({ length: rows }, (_, n) => `2024-01-01,C${n},search,${n}`).join('\n')}\n`;
  const { body, contentType } = await multipartBody(datasetId, 'rows.csv', Buffer.from(csv));
  const reply = await call(base, 'POST', '/api/uploads', body, { 'content-type': contentType });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.id as number;
}

const uploadStatus = async (base: string, id: number) => (await call(base, 'GET', `/api/uploads/${id}`)).body.data;
const rowsOf = async () => Number((await cluster.query(`select count(*) as n from ${cluster.schema}.dataset_rows where dataset_id = ${datasetId}`)).rows[0].n);

describe.skipIf(!databaseUrl)('two console processes behind a proxy, on PostgreSQL, Redis and S3', () => {
  beforeAll(async () => {
    platform = await startAdPlatform(5);
    cluster = new ConsoleCluster(databaseUrl!, {
      ADMIN_PASSWORD,
      OUTBOUND_ALLOW: '127.0.0.1',
      COLLECT_POLL_MS: '300',
      // Short, so a killed instance's upload fails and its task is taken over within the test, yet
      // with seconds to spare for a live one's renewal on two busy cores: at 2 s, a late renewal had
      // 1.3 s (an upload's) or 1 s (a task's) before another instance took the lease for lapsed.
      COLLECT_LEASE_MS: '5000',
      UPLOAD_LEASE_MS: '5000',
      SHUTDOWN_GRACE_MS: '5000',
    });
    await cluster.open();
    // A first alone, so one of them migrates and seeds the empty schema; B only serves until restarted.
    await cluster.start('a', { COLLECT_SCHEDULER: 'on' });
    await cluster.start('b', { COLLECT_SCHEDULER: 'off' });
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
    await cluster?.close();
  });

  it('signs in through the proxy, whichever instance answers each step', async () => {
    const challenge = await call(cluster.proxyUrl, 'POST', '/api/auth/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(challenge.body.result).toBe('OTP_REQUIRED');
    // No SMTP: the code is in the log of whichever instance sent it.
    const newestCode = () => [...cluster.output().matchAll(/mail to admin@example\.com[^\n]*?(\d{6})/g)].at(-1)?.[1];
    await vi.waitFor(() => expect(newestCode()).toMatch(/^\d{6}$/), { timeout: 10_000 });
    const signedIn = await call(cluster.proxyUrl, 'POST', '/api/auth/signin/otp', { challengeToken: challenge.body.data.challengeToken, code: newestCode() });
    expect(signedIn.body.result).toBe('SUCCESS');
    token = signedIn.body.data.accessToken;
    for (let i = 0; i < 4; i++) expect((await call(cluster.proxyUrl, 'GET', '/api/users?range=[0,9]')).status).toBe(200);
  });

  it('stores a template preview through A in the bucket and serves it from B', async () => {
    const form = new FormData();
    form.append('purpose', 'template-preview');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'preview.png');
    const stored = await fetch(`${url('a')}/api/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const { data } = await stored.json();
    expect(stored.status, JSON.stringify(data)).toBe(200);
    const served = await call(url('b'), 'GET', `/api/files/${data.fileId}`);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
  });

  it('previews a manual upload on A and commits it on B; a restart of A meanwhile leaves it alone', async () => {
    const dataset = await call(cluster.proxyUrl, 'POST', '/api/datasets', { title: 'Scale-out set', dataType: 'MEDIA', description: 'Two instances', schemaInfo: MEDIA_SCHEMA });
    expect(dataset.status, JSON.stringify(dataset.body)).toBe(200);
    datasetId = dataset.body.data.id;
    const uploadId = await uploadCsv(url('a'), 150_000);
    await vi.waitFor(async () => expect(await uploadStatus(url('b'), uploadId)).toMatchObject({ status: 'READY' }), { timeout: 60_000, interval: 200 });
    expect((await call(url('b'), 'POST', `/api/uploads/${uploadId}/commit`, { mode: 'APPEND' })).status).toBe(200);
    // A reports B's commit, and restarts while it runs.
    expect((await call(url('a'), 'GET', `/api/uploads/${uploadId}/progress`)).body.data).toMatchObject({ running: true, phase: 'WRITING' });
    await cluster.stop('a', 'SIGTERM');
    await cluster.start('a', { COLLECT_SCHEDULER: 'on' });
    await vi.waitFor(async () => expect(await uploadStatus(url('a'), uploadId)).toMatchObject({ status: 'SUCCESS' }), { timeout: 60_000, interval: 200 });
    expect(await rowsOf()).toBe(150_000);
  }, 180_000);

  it('A killed mid-commit: its upload ends FAIL "interrupted" once the lease expires, no rows kept; its collect task is finished by B', async () => {
    // A runs a collect task whose source holds its answer.
    platform.holding = true;
    const account = await call(cluster.proxyUrl, 'POST', '/api/market-accounts', marketAccount());
    const config = await call(
      cluster.proxyUrl,
      'POST',
      '/api/collect-configs',
      collectConfig(platform.url, {
        marketAccountId: account.body.data.id,
        sourceLocation: `${platform.url}/held`,
        sourceMethod: { ...collectConfig(platform.url).sourceMethod, timeoutMs: 120_000 },
        alertRecipients: [],
      }),
    );
    const task = await call(url('a'), 'POST', `/api/collect-configs/${config.body.data.id}/run`);
    await vi.waitFor(async () => expect((await call(cluster.proxyUrl, 'GET', `/api/tasks/${task.body.data.id}`)).body.data.status).toBe('STARTED'), { timeout: 20_000, interval: 200 });

    const before = await rowsOf();
    const uploadId = await uploadCsv(url('a'), 300_000);
    await vi.waitFor(async () => expect(await uploadStatus(url('a'), uploadId)).toMatchObject({ status: 'READY' }), { timeout: 60_000, interval: 200 });
    expect((await call(url('a'), 'POST', `/api/uploads/${uploadId}/commit`, { mode: 'REPLACE' })).status).toBe(200);
    await vi.waitFor(async () => expect((await call(url('b'), 'GET', `/api/uploads/${uploadId}/progress`)).body.data.done).toBeGreaterThan(0), { timeout: 30_000, interval: 20 });
    await cluster.stop('a', 'SIGKILL');

    await vi.waitFor(async () => expect(await uploadStatus(url('b'), uploadId)).toMatchObject({ status: 'FAIL', reason: expect.stringMatching(/interrupted/) }), { timeout: 20_000, interval: 200 });
    expect(await rowsOf()).toBe(before);

    // B, restarted with its scheduler on, takes the dead instance's task over once its lease expires.
    platform.holding = false;
    await cluster.stop('b', 'SIGTERM');
    await cluster.start('b', { COLLECT_SCHEDULER: 'on' });
    await vi.waitFor(
      async () => {
        const { status, attempt, errorText } = (await call(cluster.proxyUrl, 'GET', `/api/tasks/${task.body.data.id}`)).body.data;
        expect({ status, attempt, errorText }).toEqual({ status: 'SUCCESS', attempt: 2, errorText: null });
      },
      { timeout: 30_000, interval: 300 },
    );
  }, 180_000);
});
