/**
 * Throughput through the round-robin proxy with one and then two console processes on one
 * PostgreSQL (plus Redis and an s3rver bucket): an authenticated list page, and a small manual
 * upload checked and committed. Printed as the two-instance rate over the one-instance rate
 * measured in the same run. Needs PostgreSQL (TEST_DATABASE_URL, default the local `test` database).
 * On 2 cores expect little gain: both instances, the proxy, PostgreSQL and this client share them.
 */
import { ConsoleCluster } from '../tests/fakes/console-cluster';
import { MEDIA_SCHEMA, multipartBody } from '../tests/api/uploads-support';
import { ratio, throughput } from './harness';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000);
const PASSWORD = 'Bench#2024x';
const cluster = new ConsoleCluster(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', {
  ADMIN_PASSWORD: PASSWORD,
  COLLECT_SCHEDULER: 'off',
});

async function call(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${cluster.proxyUrl}${path}`, {
    method,
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const answer = (await response.json()) as { result: string; data: any };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.result}`);
  return answer;
}

/** Signs in through the proxy; without SMTP the code is in the log of the instance that sent it. */
async function signIn(): Promise<string> {
  const challenge = await call('POST', '/api/auth/signin', undefined, { email: 'admin@example.com', password: PASSWORD });
  for (let tries = 0; tries < 50; tries++) {
    const code = [...cluster.output().matchAll(/mail to admin@example\.com[^\n]*?(\d{6})/g)].at(-1)?.[1];
    if (code) return (await call('POST', '/api/auth/signin/otp', undefined, { challengeToken: challenge.data.challengeToken, code })).data.accessToken;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no sign-in code in the logs');
}

const CSV = Buffer.from(`date,campaign_id,channel,impressions\n${Array.from({ length: 1000 }, (_, n) => `2024-01-01,C${n},search,${n}`).join('\n')}\n`);

/** One small upload end to end: sent, checked, committed (APPEND over the same keys), settled. */
async function uploadRoundTrip(token: string, datasetId: number): Promise<void> {
  const { body, contentType } = await multipartBody(datasetId, 'bench.csv', CSV);
  const { data } = await call('POST', '/api/uploads', token, body, { 'content-type': contentType });
  const settle = async (wanted: string) => {
    for (;;) {
      const { status } = (await call('GET', `/api/uploads/${data.id}`, token)).data;
      if (status === wanted) return;
      if (status === 'FAIL') throw new Error('bench upload failed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await settle('READY');
  await call('POST', `/api/uploads/${data.id}/commit`, token, { mode: 'APPEND' });
  await settle('SUCCESS');
}

await cluster.open();
try {
  await cluster.start('a');
  const token = await signIn();
  const datasetId = (await call('POST', '/api/datasets', token, { title: 'Bench set', dataType: 'MEDIA', description: 'bench', schemaInfo: MEDIA_SCHEMA })).data.id;
  const list = () => call('GET', '/api/users?range=[0,9]&sort=["createdAt","DESC"]', token).then(() => undefined);
  const measure = async () => ({
    list: await throughput(list, 16, DURATION_MS),
    upload: await throughput(() => uploadRoundTrip(token, datasetId), 4, DURATION_MS),
  });
  await throughput(list, 8, 1000); // warm-up
  const one = await measure();
  await cluster.start('b');
  await throughput(list, 8, 1000);
  const two = await measure();
  console.log(`scale-out through the proxy on PostgreSQL: authenticated list ${one.list.toFixed(0)} req/s with one instance, ${two.list.toFixed(0)} with two`);
  console.log(`scale-out through the proxy on PostgreSQL: 1,000-row upload round trips ${one.upload.toFixed(2)}/s with one instance, ${two.upload.toFixed(2)} with two`);
  console.log(`two instances ÷ one (2 cores shared by everything): list ${ratio(two.list, one.list)} ×, upload ${ratio(two.upload, one.upload)} ×`);
} finally {
  await cluster.close();
}
