import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_READY_HOURS, type UploadHistory } from '../../src/shared';
import { type RankAccounts, signedInAccount, startSiblingApp, type TestApp, withRankAccounts } from './harness';
import { commit, createDataset, datasetRows, preview } from './uploads-support';

let t: TestApp;
let accounts: RankAccounts;
let uploader: { id: number; token: string };
const HEADER = 'date,campaign_id,channel,impressions';
const CSV = `${HEADER}\n2024-01-01,C1,search,100\n2024-01-02,C1,social,200\n`;
const HOUR_MS = 3_600_000;

withRankAccounts((suite) => ({ t, accounts } = suite));
beforeAll(async () => {
  uploader = await signedInAccount(t, 'waiting-uploader@example.com', 'user', { uploader_flag: 'Y' });
});

const storedFile = async (uploadId: number) => {
  const { storage_key: key } = await t.db.selectFrom('upload_histories').select('storage_key').where('id', '=', uploadId).executeTakeFirstOrThrow();
  return (await t.app.ctx.files.localCopy(key)).path;
};
const rowOf = (uploadId: number) => t.db.selectFrom('upload_histories').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
const historyOf = async (datasetId: number): Promise<UploadHistory[]> =>
  (await t.call('GET', `/api/uploads?filter=${encodeURIComponent(JSON.stringify({ datasetId }))}`, { token: uploader.token })).body.data.list;
/** Moves an upload's check back in time, as if it had waited that long for its commit. */
const checkedAgo = (uploadId: number, ms: number) =>
  t.db
    .updateTable('upload_histories')
    .set({ updated_at: new Date(t.clock.now().getTime() - ms).toISOString() })
    .where('id', '=', uploadId)
    .execute();

describe('an upload left waiting for its commit', () => {
  it(`says when it expires (${UPLOAD_READY_HOURS} h after its check), and is resumed later: read whole with its preview, then committed`, async () => {
    const datasetId = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, datasetId, 'resume-me.csv', CSV);
    expect(upload.status).toBe('READY');
    expect(Date.parse(upload.expiresAt!) - Date.parse(upload.updatedAt)).toBe(UPLOAD_READY_HOURS * HOUR_MS);

    // The page was left: the history still offers it, and reading it again gives the preview back.
    const [listed] = await historyOf(datasetId);
    expect(listed).toMatchObject({ id: upload.id, status: 'READY', expiresAt: upload.expiresAt });
    expect(listed.fileUrl).toEqual(expect.any(String));
    const resumed = await t.call<UploadHistory>('GET', `/api/uploads/${upload.id}`, { token: uploader.token });
    expect(resumed.body.data.preview).toEqual(upload.preview);

    const done = await commit(t, uploader.token, upload.id);
    expect(done).toMatchObject({ status: 'SUCCESS', uploadedCount: 2, expiresAt: null });
    expect(await datasetRows(t, datasetId)).toHaveLength(2);
  });

  it('is discarded: nothing written, its stored file and staged rows removed, the history keeps it as DISCARDED', async () => {
    const datasetId = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, datasetId, 'give-up.csv', CSV);
    const file = await storedFile(upload.id);
    expect(existsSync(file)).toBe(true);

    const discarded = await t.call<UploadHistory>('POST', `/api/uploads/${upload.id}/discard`, { token: uploader.token });
    expect(discarded.status).toBe(200);
    expect(discarded.body.data).toMatchObject({ status: 'DISCARDED', expiresAt: null, fileUrl: null, updatedBy: 'user Tester' });
    expect(existsSync(file)).toBe(false);
    expect((await rowOf(upload.id)).file_removed_at).not.toBeNull();
    // The checked rows are gone too: the staging file here, and (shared database) its copy in the file store.
    expect(existsSync(join(t.config.dataDir, 'uploads', '.staging', `${upload.id}.db`))).toBe(false);
    expect((await rowOf(upload.id)).staging_key).toBeNull();
    expect(await datasetRows(t, datasetId)).toEqual([]);
    expect((await historyOf(datasetId))[0]).toMatchObject({ id: upload.id, status: 'DISCARDED', fileUrl: null });

    // Neither committed nor discarded again, and its file is not served.
    const late = await t.call('POST', `/api/uploads/${upload.id}/commit`, { token: uploader.token, body: { mode: 'APPEND' } });
    expect(late.status).toBe(409);
    expect(late.body.resultMessage).toMatch(/discarded/);
    expect((await t.call('POST', `/api/uploads/${upload.id}/discard`, { token: uploader.token })).status).toBe(409);
    const download = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/file`, headers: { authorization: `Bearer ${uploader.token}` } });
    expect(download.statusCode).toBe(404);
    expect(JSON.parse(download.body).resultMessage).toMatch(/discarded/);
  });

  it('cannot be discarded once committed or failed', async () => {
    const datasetId = await createDataset(t, uploader.token);
    const committed = await commit(t, uploader.token, (await preview(t, uploader.token, datasetId, 'kept.csv', CSV)).id);
    const refused = await t.call('POST', `/api/uploads/${committed.id}/discard`, { token: uploader.token });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMessage).toMatch(/already been committed/);
    const failed = await preview(t, uploader.token, datasetId, 'bad.csv', `${HEADER}\nnot-a-date,C1,search,1\n`);
    expect(failed.status).toBe('FAIL');
    expect((await t.call('POST', `/api/uploads/${failed.id}/discard`, { token: uploader.token })).status).toBe(409);
    expect((await rowOf(committed.id)).status).toBe('SUCCESS');
    expect(await datasetRows(t, datasetId)).toHaveLength(2);
  });

  it('is discarded only by an uploader: 403 to other ranks without UPLOADER, 401 signed out, 404 for no such upload', async () => {
    const datasetId = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, datasetId, 'mine.csv', CSV);
    for (const rank of ['system-admin', 'global-admin', 'region-admin', 'local-admin', 'user'] as const) {
      expect((await t.call('POST', `/api/uploads/${upload.id}/discard`, { token: accounts[rank].token })).status).toBe(403);
    }
    expect((await t.call('POST', `/api/uploads/${upload.id}/discard`)).status).toBe(401);
    expect((await t.call('POST', '/api/uploads/999999/discard', { token: uploader.token })).status).toBe(404);
    expect((await rowOf(upload.id)).status).toBe('READY');
  });
});

describe('an upload not committed in time', () => {
  it('is refused from the stated moment on, and reads EXPIRED with its file removed', async () => {
    const datasetId = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, datasetId, 'too-late.csv', CSV);
    const file = await storedFile(upload.id);
    await checkedAgo(upload.id, UPLOAD_READY_HOURS * HOUR_MS + 1000);

    const late = await t.call('POST', `/api/uploads/${upload.id}/commit`, { token: uploader.token, body: { mode: 'APPEND' } });
    expect(late.status).toBe(409);
    expect(late.body.resultMessage).toMatch(new RegExp(`within ${UPLOAD_READY_HOURS} hours and has expired`));
    expect((await historyOf(datasetId))[0]).toMatchObject({ id: upload.id, status: 'EXPIRED', expiresAt: null, fileUrl: null });
    expect(existsSync(file)).toBe(false);
    expect(await datasetRows(t, datasetId)).toEqual([]);
  });

  it('is expired by the server on its own: at start-up and on each sweep, leaving uploads still within their time READY', async () => {
    const datasetId = await createDataset(t, uploader.token);
    const stale = await preview(t, uploader.token, datasetId, 'stale.csv', CSV);
    const fresh = await preview(t, uploader.token, datasetId, 'fresh.csv', CSV);
    const staleFile = await storedFile(stale.id);
    await checkedAgo(stale.id, UPLOAD_READY_HOURS * HOUR_MS + 1000);
    await checkedAgo(fresh.id, UPLOAD_READY_HOURS * HOUR_MS - 60_000);

    // An instance starting up sweeps at once.
    const sibling = await startSiblingApp(t, {});
    await sibling.close();
    expect(await rowOf(stale.id)).toMatchObject({ status: 'EXPIRED' });
    expect((await rowOf(stale.id)).file_removed_at).not.toBeNull();
    expect(existsSync(staleFile)).toBe(false);
    expect(await rowOf(fresh.id)).toMatchObject({ status: 'READY', file_removed_at: null });

    // A running instance sweeps every few minutes.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const running = await startSiblingApp(t, {});
    try {
      await checkedAgo(fresh.id, UPLOAD_READY_HOURS * HOUR_MS + 1000);
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      await vi.waitFor(async () => expect(await rowOf(fresh.id)).toMatchObject({ status: 'EXPIRED' }), { timeout: 10_000 });
    } finally {
      await running.close();
      vi.useRealTimers();
    }
  });

  it('keeps trying to remove a file the store refused, on the next sweep', async () => {
    const datasetId = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, datasetId, 'stuck.csv', CSV);
    const file = await storedFile(upload.id);
    await checkedAgo(upload.id, UPLOAD_READY_HOURS * HOUR_MS + 1000);
    const refuse = vi.spyOn(t.app.ctx.files, 'delete').mockRejectedValue(new Error('store down'));
    expect((await t.call('POST', `/api/uploads/${upload.id}/commit`, { token: uploader.token, body: { mode: 'APPEND' } })).status).toBe(409);
    refuse.mockRestore();
    expect(await rowOf(upload.id)).toMatchObject({ status: 'EXPIRED', file_removed_at: null });
    expect(existsSync(file)).toBe(true);

    const sibling = await startSiblingApp(t, {});
    await sibling.close();
    expect((await rowOf(upload.id)).file_removed_at).not.toBeNull();
    expect(existsSync(file)).toBe(false);
  });
});
