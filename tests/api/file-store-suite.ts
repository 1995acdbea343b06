import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config';
import { createFileStore } from '../../server/files/create-store';
import { newStorageKey } from '../../server/files/store';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtp-peer';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedInAccount, startTestApp, type TestApp } from './harness';
import { createDataset, postFile, preview, commit, datasetRows } from './uploads-support';

/** A running object service for the suite: S3 (s3rver) or GCS (the fake). */
export interface ObjectPeer {
  /** FILE_STORE and endpoint for a bucket that exists. */
  setting(bucket: string, prefix?: string): NonNullable<AppConfig['fileStore']>;
  /** Names of the objects in the bucket. */
  objectNames(bucket: string): Promise<string[]>;
  /** Stops answering, as a store that went down. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]);
const PDF = Buffer.from('%PDF-1.7\nACME onboarding guide, kept in the bucket\n');
const CSV = 'date,campaign_id,channel,impressions\n2024-01-01,C1,search,100\n2024-01-02,C2,social,200\n';

async function filesForm(purpose: string, bytes: Buffer, fileName: string, type = 'image/png') {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/** The same checks for every object store: the store's own calls, then the API with FILE_STORE set. */
export function fileStoreSuite(name: string, bucket: string, startPeer: () => Promise<ObjectPeer>) {
  describe(`${name} file store`, () => {
    let peer: ObjectPeer;
    let smtp: SmtpPeer;
    let t: TestApp;
    let admin: string;
    let uploader: { token: string };
    beforeAll(async () => {
      peer = await startPeer();
      smtp = await startSmtpPeer();
      t = await startTestApp({ fileStore: peer.setting(bucket, 'console/files'), smtpUrl: smtp.url });
      admin = (await signedInAccount(t, 'sysadmin@example.com', 'system-admin')).token;
      uploader = await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' });
    });
    afterAll(async () => {
      await t?.close();
      await Promise.all([peer?.close(), smtp?.close()]);
    });

    it('puts, gets, copies to local disk and deletes an object under the prefix', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'console-store-'));
      try {
        const store = createFileStore({ dataDir, fileStore: peer.setting(bucket, '/round/trip/') });
        await store.check();
        const key = newStorageKey();
        const temp = store.tempPath();
        expect(temp.startsWith(join(dataDir, 'work', 'incoming'))).toBe(true);
        writeFileSync(temp, 'stored bytes');
        await store.put(key, temp);
        expect(existsSync(temp)).toBe(false);
        expect(await peer.objectNames(bucket)).toContain(`round/trip/${key}`);
        expect(await text(await store.get(key))).toBe('stored bytes');

        const copy = await store.localCopy(key);
        expect(copy.path.startsWith(join(dataDir, 'work'))).toBe(true);
        expect(readFileSync(copy.path, 'utf8')).toBe('stored bytes');
        await copy.release();
        expect(existsSync(copy.path)).toBe(false);

        await store.delete(key);
        expect(await peer.objectNames(bucket)).not.toContain(`round/trip/${key}`);
        await expect(store.get(key)).rejects.toMatchObject({ result: 'NOT_FOUND' });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('refuses a bucket that does not exist at the start-up check, naming FILE_STORE and the bucket', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'console-store-'));
      try {
        const setting = peer.setting('no-such-bucket');
        await expect(createFileStore({ dataDir, fileStore: setting }).check()).rejects.toThrow(
          `FILE_STORE ${setting.url}: the bucket no-such-bucket at ${setting.endpoint} cannot be reached: there is no such bucket`,
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('keeps a template preview in the bucket and serves it by its signed link', async () => {
      const uploaded = await t.call('POST', '/api/files', { token: admin, ...(await filesForm('template-preview', PNG, 'kv.png')) });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const row = await t.db.selectFrom('uploaded_files').select('storage_key').where('id', '=', uploaded.body.data.fileId).executeTakeFirstOrThrow();
      expect(await peer.objectNames(bucket)).toContain(`console/files/${row.storage_key}`);
      expect(existsSync(join(t.config.dataDir, 'uploads', row.storage_key))).toBe(false);

      const download = await t.app.inject({ method: 'GET', url: uploaded.body.data.url });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.rawPayload.equals(PNG)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: `/api/files/${uploaded.body.data.fileId}?token=forged` })).statusCode).toBe(401);
    });

    it("attaches an e-mail template's file read from the bucket", async () => {
      const uploaded = await t.call('POST', '/api/files', { token: admin, ...(await filesForm('email-attachment', PDF, 'guide.pdf', 'application/pdf')) });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const template = await t.call('POST', '/api/email-templates', {
        token: admin,
        body: { type: 'otp', title: 'Code {{code}}', body: 'Your code is {{code}}.', activeFlag: 'Y', statements: [{ statement: 'The guide is attached.', fileId: uploaded.body.data.fileId }] },
      });
      expect(template.status, JSON.stringify(template.body)).toBe(200);
      smtp.received.length = 0;
      await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      // Mail leaves after the answer.
      await t.app.ctx.mailer.idle();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].raw).toMatch(/Content-Disposition: attachment; filename=guide\.pdf/);
      expect(smtp.received[0].raw.replace(/\r?\n/g, '')).toContain(PDF.toString('base64').replace(/=+$/, ''));
    });

    it('checks and commits a manual upload whose original is in the bucket, and hands the original back', async () => {
      const id = await createDataset(t, uploader.token);
      const upload = await preview(t, uploader.token, id, 'january.csv', CSV);
      expect(upload).toMatchObject({ status: 'READY', rowCount: 2, problemCount: 0 });
      const history = await t.db.selectFrom('upload_histories').select('storage_key').where('id', '=', upload.id).executeTakeFirstOrThrow();
      expect(await peer.objectNames(bucket)).toContain(`console/files/${history.storage_key}`);
      // The reading thread's copy is gone once the check is done.
      expect(readdirSync(join(t.config.dataDir, 'work', 'copies'))).toEqual([]);

      expect(await commit(t, uploader.token, upload.id)).toMatchObject({ status: 'SUCCESS', uploadedCount: 2 });
      expect((await datasetRows(t, id)).map((row) => row.values)).toEqual([
        ['2024-01-01', 'C1', 'search', '100'],
        ['2024-01-02', 'C2', 'social', '200'],
      ]);
      const original = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/file`, headers: { authorization: `Bearer ${uploader.token}` } });
      expect(original.statusCode).toBe(200);
      expect(original.body).toBe(CSV);
    });

    // Last: the peer stays down.
    it('answers 503 and records nothing when the store is down, and the start-up check names it', async () => {
      await peer.stop();
      const filesBefore = await t.db.selectFrom('uploaded_files').select('id').execute();
      const uploadsBefore = await t.db.selectFrom('upload_histories').select('id').execute();

      const refused = await t.call('POST', '/api/files', { token: admin, ...(await filesForm('template-preview', PNG, 'kv.png')) });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ result: 'FILE_STORE_UNAVAILABLE', data: null });
      expect(refused.body.resultMessage).toMatch(/^The file store could not be reached; try again\. \(.+\)$/);

      const id = await createDataset(t, uploader.token);
      const manual = await postFile(t, uploader.token, id, 'january.csv', CSV);
      expect(manual.status).toBe(503);
      expect(manual.body.result).toBe('FILE_STORE_UNAVAILABLE');

      expect(await t.db.selectFrom('uploaded_files').select('id').execute()).toEqual(filesBefore);
      expect(await t.db.selectFrom('upload_histories').select('id').execute()).toEqual(uploadsBefore);
      expect(readdirSync(join(t.config.dataDir, 'work', 'incoming'))).toEqual([]);

      const setting = peer.setting(bucket);
      await expect(t.app.ctx.files.check()).rejects.toThrow(`FILE_STORE ${t.config.fileStore!.url}: the bucket ${bucket} at ${setting.endpoint} cannot be reached: `);
    });
  });
}
