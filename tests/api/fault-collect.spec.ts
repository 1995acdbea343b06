import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { startFakeServer, type FakeServer } from '../fakes/http-server';
import { startHangingPeer, type HangingPeer } from '../fakes/hanging-peer';
import { MAX_ANSWER_BYTES } from '../../server/outbound/outbound-fetch';

/** Faults of collect sources: sources that hang (accept, never answer) and one that streams without end. */
let platform: AdPlatform;
let hanging: HangingPeer;
let endless: FakeServer & { sent: number };
let env: Awaited<ReturnType<typeof startCollectApp>>;
let accountId: number;

const HUNG_TIMEOUT_MS = 3000;

async function createConfig(overrides: Parameters<typeof collectConfig>[1]) {
  const reply = await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId, alertRecipients: [], ...overrides }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.id as number;
}
const hungConfig = (timeoutMs = HUNG_TIMEOUT_MS) => createConfig({ sourceLocation: `http://127.0.0.1:${hanging.port}/report`, sourceMethod: { rowsPath: 'data.rows', timeoutMs } });
const runNow = async (configId: number) => (await env.api('POST', `/api/collect-configs/${configId}/run`)).body.data.id as number;
const taskOf = async (taskId: number) => (await env.api('GET', `/api/tasks/${taskId}`)).body.data;

/** Polls the task until it is in one of `statuses`; answers it and the ms it took. */
async function until(taskId: number, statuses: string[], withinMs: number) {
  const started = performance.now();
  for (;;) {
    const task = await taskOf(taskId);
    if (statuses.includes(task.status)) return { task, ms: performance.now() - started };
    if (performance.now() - started > withinMs) throw new Error(`task ${taskId} still ${task.status} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  platform = await startAdPlatform(5);
  hanging = await startHangingPeer();
  const chunk = Buffer.from('{"date":"2026-03-01","campaign":{"id":"C1"}},'.repeat(1500));
  endless = Object.assign(
    await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"data":{"rows":[');
      // As fast as the socket takes it, until the client goes away.
      const pump = () => {
        while (!response.destroyed) {
          endless.sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
      };
      pump();
    }),
    { sent: 0 },
  );
  // The scheduler polls (once a minute: only "Run now" wakes it in these tests), four slots.
  env = await startCollectApp({ schedulerEnabled: true, pollMs: 60_000, concurrency: 4 });
  accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
});
afterAll(async () => {
  await env?.t.close();
  await platform?.close();
  await hanging?.close();
  await endless?.close();
});

describe('a source that hangs holds only its own slot', () => {
  it('a task queued while two sources hang starts at once in a free slot', async () => {
    const hung = [await runNow(await hungConfig()), await runNow(await hungConfig())];
    for (const taskId of hung) await until(taskId, ['STARTED'], 2000);
    const good = await runNow(await createConfig({}));
    const { task, ms } = await until(good, ['SUCCESS', 'ERROR'], HUNG_TIMEOUT_MS);
    expect(task.status).toBe('SUCCESS');
    expect(ms).toBeLessThan(HUNG_TIMEOUT_MS / 2);
    // The hung ones end by their own timeout, with the reason.
    for (const taskId of hung) {
      const ended = await until(taskId, ['ERROR', 'SUCCESS'], HUNG_TIMEOUT_MS * 2);
      expect(ended.task).toMatchObject({ status: 'ERROR', errorId: 'SOURCE_TIMEOUT' });
      expect(ended.task.errorText).toContain(`did not answer within ${HUNG_TIMEOUT_MS} ms`);
    }
  });

  it('a task waiting for a slot takes the first slot that frees, without waiting for the next poll', async () => {
    // Four hung tasks fill the slots; the one timing out first frees a slot for the waiting task.
    const hung = [await runNow(await hungConfig(800)), ...(await Promise.all([1, 2, 3].map(async () => runNow(await hungConfig(HUNG_TIMEOUT_MS * 2)))))];
    for (const taskId of hung) await until(taskId, ['STARTED'], 2000);
    const waiting = await runNow(await createConfig({}));
    expect((await taskOf(waiting)).status).toBe('PENDING');
    const { task, ms } = await until(waiting, ['SUCCESS', 'ERROR'], HUNG_TIMEOUT_MS * 2);
    expect(task.status).toBe('SUCCESS');
    expect(ms).toBeLessThan(HUNG_TIMEOUT_MS); // long before the other three give up (or the next poll, a minute away)
    for (const taskId of hung) await until(taskId, ['ERROR'], HUNG_TIMEOUT_MS * 3);
  });
});

describe('a source streaming without end', () => {
  it(`is cut at ${MAX_ANSWER_BYTES / 1024 / 1024} MiB and the task ends with the reason, long before its timeout`, async () => {
    const configId = await createConfig({ sourceLocation: `${endless.url}/report`, sourceMethod: { rowsPath: 'data.rows', timeoutMs: 60_000 } });
    const taskId = await runNow(configId);
    const { task, ms } = await until(taskId, ['SUCCESS', 'ERROR'], 30_000);
    expect(task).toMatchObject({ status: 'ERROR', errorId: 'SOURCE_MALFORMED' });
    expect(task.errorText).toContain(`Page 1 of the source is too long. The answer is longer than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`);
    expect(ms).toBeLessThan(30_000);
    expect(endless.sent).toBeGreaterThan(MAX_ANSWER_BYTES);
    const stored = await env.t.db.selectFrom('master_rows').select('id').where('config_id', '=', configId).execute();
    expect(stored).toEqual([]);
  });
});
