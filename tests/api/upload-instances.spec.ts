// Uploads across instances on one PostgreSQL: each instance has its own DATA_DIR and they share
// only the database and the file store (here one local store object, standing in for a bucket).
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { signedInAccount, type TestApp, withTestApp } from './harness';
import { failInterruptedUploads } from '../../server/modules/uploads/queries';
import { createDataset, datasetRows, postFile, preview } from './uploads-support';

// Short, so a lease left to expire does so within the test; long enough that the owner's beat (a
// third of it) is not missed when the machine is loaded: both instances share this process's event
// loop, and at 1.2 s a stall beside the browser tests let B fail A's upload while A was still checking.
const LEASE_MS = 4000;
let t: TestApp;
let uploader: { id: number; token: string };
const apps: FastifyInstance[] = [];
const dirs: string[] = [];

/** Another instance: its own DATA_DIR, the same database and file store. */
async function instance(): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-instance-'));
  dirs.push(dataDir);
  const app = await buildApp({ ...t.config, dataDir }, { db: t.db, clock: t.clock, logger: false, files: t.app.ctx.files });
  apps.push(app);
  return app;
}

const ask = async (app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: unknown) => {
  const reply = await app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${uploader.token}` } });
  return { status: reply.statusCode, body: reply.json() };
};

const bigCsv = (rows: number) => `date,campaign_id,channel,impressions\n${Array.from({ length: rows }, (_, n) => `2024-01-01,C${n},search,${n}`).join('\n')}\n`;

withTestApp((app) => (t = app), { uploadLeaseMs: LEASE_MS });
beforeAll(async () => {
  uploader = await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it("an instance's sweep fails uploads whose lease has passed, but never one it is still working on", async () => {
  const datasetId = await createDataset(t, uploader.token);
  const [held, left] = [(await preview(t, uploader.token, datasetId, 'held.csv', bigCsv(1))).id, (await preview(t, uploader.token, datasetId, 'left.csv', bigCsv(1))).id];
  // Both leases passed: the holder's renewal was late (a busy machine), or the owner stopped.
  const past = new Date(t.clock.now().getTime() - 1).toISOString();
  await t.db.updateTable('upload_histories').set({ status: 'PARSING', lease_owner: 'this-instance', lease_until: past }).where('id', 'in', [held, left]).execute();
  const failed = await failInterruptedUploads(t.db, t.clock.now().toISOString(), 'interrupted', true, [held]);
  expect(failed.map((upload) => upload.id)).toEqual([left]);
  const statuses = await t.db.selectFrom('upload_histories').select(['id', 'status']).where('id', 'in', [held, left]).orderBy('id').execute();
  expect(statuses).toEqual([
    { id: held, status: 'PARSING' },
    { id: left, status: 'FAIL' },
  ]);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('uploads on several instances sharing PostgreSQL and the file store', () => {
  it('previews on A and commits on B, which reads the checked rows from the file store', async () => {
    const [a, b] = [await instance(), await instance()];
    const datasetId = await createDataset(t, uploader.token);
    const upload = { id: (await postFileOn(a, datasetId, bigCsv(2))).body.data.id as number };
    await vi.waitFor(async () => expect((await ask(a, 'GET', `/api/uploads/${upload.id}`)).body.data).toMatchObject({ status: 'READY' }), { timeout: 10_000 });
    // A keeps no staging file of its own: the rows are in the store under the upload's staging key.
    const stagingKey = (await t.db.selectFrom('upload_histories').select('staging_key').where('id', '=', upload.id).executeTakeFirstOrThrow()).staging_key;
    expect(stagingKey).toMatch(/^[0-9a-f]{32}$/);
    expect(readdirSync(join(dirs[0], 'uploads', '.staging'))).toEqual([]);

    expect((await ask(b, 'POST', `/api/uploads/${upload.id}/commit`, { mode: 'APPEND' })).status).toBe(200);
    await vi.waitFor(async () => expect((await ask(a, 'GET', `/api/uploads/${upload.id}`)).body.data).toMatchObject({ status: 'SUCCESS' }), { timeout: 10_000 });
    expect((await datasetRows(t, datasetId)).map((row) => row.values[1])).toEqual(['C0', 'C1']);
    // The staged copy is gone from the store once written (deleted just after the status reads SUCCESS).
    await vi.waitFor(async () => expect(existsSync((await t.app.ctx.files.localCopy(stagingKey!)).path)).toBe(false), { timeout: 10_000 });
  });

  it("B reports A's progress, and refuses a commit while A is still checking the file", async () => {
    const [a, b] = [await instance(), await instance()];
    const datasetId = await createDataset(t, uploader.token);
    const { body: multipart } = await postFileOn(a, datasetId, bigCsv(150_000));
    const uploadId = multipart.data.id;
    const early = await ask(b, 'POST', `/api/uploads/${uploadId}/commit`, { mode: 'APPEND' });
    expect(early.status).toBe(409);
    const seen = new Set<string>();
    await vi.waitFor(
      async () => {
        const progress = (await ask(b, 'GET', `/api/uploads/${uploadId}/progress`)).body.data;
        if (progress.running) seen.add(progress.phase);
        expect((await ask(b, 'GET', `/api/uploads/${uploadId}`)).body.data).toMatchObject({ status: 'READY' });
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(seen).toContain('PARSING');

    expect((await ask(a, 'POST', `/api/uploads/${uploadId}/commit`, { mode: 'APPEND' })).status).toBe(200);
    const fromB = (await ask(b, 'GET', `/api/uploads/${uploadId}/progress`)).body.data;
    expect(fromB).toMatchObject({ running: true, phase: 'WRITING', total: 150_000 });
    await vi.waitFor(async () => expect((await ask(b, 'GET', `/api/uploads/${uploadId}`)).body.data).toMatchObject({ status: 'SUCCESS' }), { timeout: 60_000, interval: 100 });
  }, 120_000);

  it('an instance starting while another commits leaves that upload alone; an owner that stops renewing is failed once its lease expires', async () => {
    const a = await instance();
    const datasetId = await createDataset(t, uploader.token);
    const uploadId = (await postFileOn(a, datasetId, bigCsv(150_000))).body.data.id;
    await vi.waitFor(async () => expect((await ask(a, 'GET', `/api/uploads/${uploadId}`)).body.data).toMatchObject({ status: 'READY' }), { timeout: 60_000, interval: 100 });
    expect((await ask(a, 'POST', `/api/uploads/${uploadId}/commit`, { mode: 'APPEND' })).status).toBe(200);
    const restarted = await instance(); // its start-up sweep runs now
    await vi.waitFor(async () => expect((await ask(restarted, 'GET', `/api/uploads/${uploadId}`)).body.data).toMatchObject({ status: 'SUCCESS' }), { timeout: 60_000, interval: 100 });

    // An owner that is gone: its lease is not renewed, so a live instance fails the upload.
    const gone = (await preview(t, uploader.token, datasetId, 'gone.csv', bigCsv(1))).id;
    const past = new Date(t.clock.now().getTime() - 1).toISOString();
    await t.db.updateTable('upload_histories').set({ status: 'COMMITTING', lease_owner: 'gone-instance', lease_until: past }).where('id', '=', gone).execute();
    await vi.waitFor(async () => expect((await ask(restarted, 'GET', `/api/uploads/${gone}`)).body.data).toMatchObject({ status: 'FAIL', reason: expect.stringMatching(/interrupted/) }), {
      timeout: 10_000,
      interval: 100,
    });
  }, 120_000);
});

async function postFileOn(app: FastifyInstance, datasetId: number, csv: string) {
  return postFile(
    {
      ...t,
      call: (method: string, url: string, options?: { body?: unknown; headers?: Record<string, string> }) =>
        app
          .inject({ method: method as 'POST', url, payload: options?.body as Buffer, headers: { authorization: `Bearer ${uploader.token}`, ...options?.headers } })
          .then((reply) => ({ status: reply.statusCode, body: reply.json(), headers: reply.headers })),
    } as TestApp,
    uploader.token,
    datasetId,
    'big.csv',
    csv,
  );
}
