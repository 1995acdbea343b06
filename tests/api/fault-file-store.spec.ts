import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config';
import { createFileStore } from '../../server/files/create-store';
import { FileStoreUnreachableError } from '../../server/files/store-errors';
import { newStorageKey } from '../../server/files/store';
import { startFaultProxy, startSilentListener, type FaultProxy } from '../fakes/fault-proxy';
import { startFakeGcs } from '../fakes/gcs-server';
import { startLocalS3, useS3rverCredentials } from '../fakes/s3-server';
import { signedInAccount, startTestApp, type TestApp } from './harness';
import { inEnglish } from '../../src/i18n/serverMessage';
import { commit, createDataset, postFile, preview, settled } from './uploads-support';

useS3rverCredentials();

/** The store's deadline in these tests; each refused call must answer well within it plus this slack. */
const TIMEOUT_MS = 500;
const SLACK_MS = 2_500;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Peer {
  url: string;
  /** Object names in the bucket, read past the proxy. */
  objectNames(): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'console-files';
const PEERS: { name: string; scheme: 's3' | 'gs'; start(): Promise<Peer> }[] = [
  {
    name: 'S3',
    scheme: 's3',
    async start() {
      const s3 = await startLocalS3([BUCKET]);
      const client = new S3Client({ endpoint: s3.url, forcePathStyle: true });
      return {
        url: s3.url,
        objectNames: async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key!),
        async close() {
          client.destroy();
          await s3.close();
        },
      };
    },
  },
  {
    name: 'GCS',
    scheme: 'gs',
    async start() {
      const gcs = await startFakeGcs([BUCKET]);
      return { url: gcs.url, objectNames: async () => [...gcs.objects.keys()].map((key) => key.slice(BUCKET.length + 1)), close: () => gcs.close() };
    },
  },
];

/** Runs `call`, answering how long it took and what it rejected with (undefined: it resolved). */
async function timed(call: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  try {
    await call();
    return { ms: Date.now() - started, error: undefined };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]);
const CSV = 'date,campaign_id,channel,impressions\n2024-01-01,C1,search,100\n2024-01-02,C2,social,200\n';

async function pngForm() {
  const form = new FormData();
  form.append('purpose', 'template-preview');
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'kv.png');
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

for (const peerKind of PEERS) {
  const setting = (endpoint: string): NonNullable<AppConfig['fileStore']> => ({ url: `${peerKind.scheme}://${BUCKET}/console`, endpoint, timeoutMs: TIMEOUT_MS });

  describe(`${peerKind.name} store that accepts connections and never answers`, () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'console-fault-store-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('ends every store call within its deadline: put, get, delete, local copy, publish, check, publish check', async () => {
      const silent = await startSilentListener('accept-only');
      try {
        const store = createFileStore({ dataDir, fileStore: setting(silent.url) });
        const key = newStorageKey();
        const temp = store.tempPath();
        writeFileSync(temp, 'bytes that never arrive');
        const published = join(dataDir, 'post.csv');
        writeFileSync(published, 'a,b\n1,2\n');
        const calls: Record<string, () => Promise<unknown>> = {
          put: () => store.put(key, temp),
          get: () => store.get(key),
          delete: () => store.delete(key),
          localCopy: () => store.localCopy(key),
          publish: () => store.publish('posted/feeds/post.csv', published),
        };
        for (const [name, call] of Object.entries(calls)) {
          const { ms, error } = await timed(call);
          expect(ms, name).toBeLessThan(TIMEOUT_MS + SLACK_MS);
          expect(error, name).toMatchObject({ result: 'FILE_STORE_UNAVAILABLE', status: 503 });
          // The message is a key; it reads as the answer words it.
          expect(inEnglish((error as Error).message), name).toBe(`The file store could not be reached; try again. (no answer within ${TIMEOUT_MS / 1000} s)`);
        }
        // Nothing of the failed calls stays on local disk.
        expect(existsSync(temp)).toBe(false);
        expect(readdirSync(join(dataDir, 'work', 'copies'))).toEqual([]);

        const check = await timed(() => store.check());
        expect(check.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
        expect(check.error).toBeInstanceOf(FileStoreUnreachableError);
        expect((check.error as Error).message).toMatch(/cannot be reached: no answer within 0\.5 s$/);
        const started = Date.now();
        expect(await store.checkPublish('feeds')).toEqual({ ok: false, message: `The bucket ${BUCKET} at ${silent.url} cannot be reached: no answer within 0.5 s` });
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      } finally {
        await silent.close();
      }
    });

    it('ends a download whose bytes stop coming after the answer began', async () => {
      const stalling = await startSilentListener('stall-after-headers');
      try {
        const store = createFileStore({ dataDir, fileStore: setting(stalling.url) });
        const read = await timed(async () => text(await store.get(newStorageKey())));
        expect(read.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
        expect(read.error).toMatchObject({ result: 'FILE_STORE_UNAVAILABLE' });
        const copy = await timed(() => store.localCopy(newStorageKey()));
        expect(copy.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
        expect(copy.error).toMatchObject({ result: 'FILE_STORE_UNAVAILABLE' });
        expect(readdirSync(join(dataDir, 'work', 'copies'))).toEqual([]);
      } finally {
        await stalling.close();
      }
    });
  });

  describe(`${peerKind.name} store hung or stopped under the API`, () => {
    let peer: Peer;
    let proxy: FaultProxy;
    let t: TestApp;
    let admin: string;
    let uploader: string;
    let fileUrl: string;
    let uploadId: number;
    beforeAll(async () => {
      peer = await peerKind.start();
      proxy = await startFaultProxy(peer.url);
      // Short leases: the upload sweep, which retries staged-rows deletions, runs every half second.
      t = await startTestApp({ fileStore: setting(proxy.url), uploadLeaseMs: 1000 });
      admin = (await signedInAccount(t, 'sysadmin@example.com', 'system-admin')).token;
      uploader = (await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' })).token;
      const uploaded = await t.call('POST', '/api/files', { token: admin, ...(await pngForm()) });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      fileUrl = uploaded.body.data.url;
      uploadId = (await preview(t, uploader, await createDataset(t, uploader), 'january.csv', CSV)).id;
    });
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
      await peer?.close();
    });

    const original = () => t.app.inject({ method: 'GET', url: `/api/uploads/${uploadId}/file`, headers: { authorization: `Bearer ${uploader}` } });

    it.each(['hang', 'refuse'] as const)('answers 503 FILE_STORE_UNAVAILABLE in the envelope within the deadline with the store %s, and serves again once it is back', async (mode) => {
      await proxy.set(mode);
      const datasetId = await createDataset(t, uploader);
      const uploadsBefore = await t.db.selectFrom('upload_histories').select('id').execute();
      const answers = {
        'POST /api/files': async () => t.call('POST', '/api/files', { token: admin, ...(await pngForm()) }),
        'POST /api/uploads': () => postFile(t, uploader, datasetId, 'february.csv', CSV),
        'GET /api/files/{id}': async () => {
          const reply = await t.app.inject({ method: 'GET', url: fileUrl });
          return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
        },
        'GET /api/uploads/{id}/file': async () => {
          const reply = await original();
          return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
        },
      };
      for (const [name, call] of Object.entries(answers)) {
        const started = Date.now();
        const reply = await call();
        expect(Date.now() - started, name).toBeLessThan(TIMEOUT_MS + SLACK_MS);
        expect(reply.status, name).toBe(503);
        expect(reply.headers['content-type'], name).toMatch(/^application\/json/);
        expect(reply.body, name).toMatchObject({ result: 'FILE_STORE_UNAVAILABLE', data: null });
        expect(reply.body.resultMessage, name).toMatch(/^The file store could not be reached; try again\. \(.+\)$/);
      }
      expect(await t.db.selectFrom('upload_histories').select('id').execute()).toEqual(uploadsBefore);
      expect(readdirSync(join(t.config.dataDir, 'work', 'incoming'))).toEqual([]);

      await proxy.set('pass');
      const back = await original();
      expect(back.statusCode).toBe(200);
      expect(back.body).toBe(CSV);
      expect((await t.app.inject({ method: 'GET', url: fileUrl })).rawPayload.equals(PNG)).toBe(true);
    });

    // Staged rows go to the file store only when instances share the database (PostgreSQL).
    it.skipIf(!onPostgres)('leaves no staged-rows object behind a commit that failed while the store was down, once the store is back', async () => {
      const datasetId = await createDataset(t, uploader);
      const ready = await preview(t, uploader, datasetId, 'march.csv', CSV);
      expect(ready.status).toBe('READY');
      const { staging_key: stagingKey } = await t.db.selectFrom('upload_histories').select('staging_key').where('id', '=', ready.id).executeTakeFirstOrThrow();
      expect(stagingKey).toMatch(/^[0-9a-f]{32}$/);
      expect(await peer.objectNames()).toContain(`console/${stagingKey}`);

      await proxy.set('refuse');
      const failed = await commit(t, uploader, ready.id);
      expect(failed.status).toBe('FAIL');
      expect(failed.reason).toMatch(/The file store could not be reached/);
      // The store was down for the deletion too: the object is still there, and the row still names it.
      expect(await peer.objectNames()).toContain(`console/${stagingKey}`);

      await proxy.set('pass');
      const deadline = Date.now() + 10_000;
      while ((await peer.objectNames()).includes(`console/${stagingKey}`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await peer.objectNames()).not.toContain(`console/${stagingKey}`);
      await expect.poll(async () => (await t.db.selectFrom('upload_histories').select('staging_key').where('id', '=', ready.id).executeTakeFirstOrThrow()).staging_key).toBeNull();
      expect((await settled(t, uploader, ready.id)).status).toBe('FAIL');
    });
  });
}
