import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, NOT_UPLOADER_MESSAGE, commitInput, uploadListResponse, uploadProgressResponse, uploadResponse, type UploadProgress } from '../../../src/shared';
import { authenticate } from '../../auth/guard';
import { isoNow } from '../../clock';
import { contentDisposition } from '../../files/content-disposition';
import { newStorageKey, type LocalCopy } from '../../files/store';
import { INTERRUPTED_REASON, UploadLeases } from './leases';
import { FileStoreUnavailableError } from '../../files/store-errors';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { datasetColumns } from '../datasets/queries';
import { isUploader, requireDatasetManager, requireUploader } from '../manual-permissions/uploader';
import { FileChecker } from './check-thread';
import { commitRows } from './commit';
import { previewFile } from './preview';
import { UploadProgressBoard } from './progress';
import { failInterruptedUploads, findUpload, listUploads, uploadListSpec, uploadRow } from './queries';
import { receiveManualFile } from './receive';
import { stagingPath } from './staging';

const downloadQuery = z.object({ token: z.string().max(2000).optional() });
const CONTENT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * /api/uploads: manual upload (preview, then an all-or-nothing commit) and its history. Parsing
 * and writing run after the answer, so the browser polls `/api/uploads/{id}/progress`.
 */
export async function uploadsModule(app: FastifyInstance) {
  const { db, clock, tokens, config, files: store, metrics } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const board = new UploadProgressBoard();
  const leases = new UploadLeases(db, clock, config.uploadLeaseMs ?? 30_000);
  /** Progress goes to the board (this instance) and, with leases, to the row (every instance). */
  const report = (uploadId: number, adminId: number, progress: UploadProgress) => {
    board.set(uploadId, adminId, progress);
    leases.progress(uploadId, progress);
  };
  const checker = new FileChecker();
  const running = new Set<Promise<void>>();
  const uploaders = { onRequest: requireUploader() };
  const readers = { onRequest: requireDatasetManager(NOT_UPLOADER_MESSAGE) };
  await app.register(multipart);

  /** Fails the uploads whose instance stopped, and removes their staged rows. */
  const sweep = async () => {
    for (const upload of await failInterruptedUploads(db, isoNow(clock), INTERRUPTED_REASON, leases.shared)) {
      await rm(stagingPath(config.dataDir, upload.id), { force: true });
      if (upload.staging_key) await store.delete(upload.staging_key).catch(() => undefined);
    }
  };
  await sweep();
  // With leases, an instance that stops mid-upload is noticed by the others once its lease expires.
  const sweeper = leases.shared ? setInterval(() => void sweep().catch((error) => app.log.warn({ err: error }, 'upload sweep failed')), leases.leaseMs / 2).unref() : undefined;

  /** Runs a job after the answer; the app waits for it on close rather than pulling the database away. */
  const background = (job: () => Promise<void>) => {
    const promise = job().catch((error) => app.log.error({ err: error }, 'upload job failed'));
    running.add(promise);
    void promise.finally(() => running.delete(promise));
  };
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await Promise.all(running);
    leases.close();
    await checker.close();
  });

  const fail = (uploadId: number, reason: string) =>
    db.updateTable('upload_histories').set({ status: 'FAIL', reason, updated_at: isoNow(clock) }).where('id', '=', uploadId).execute();

  routes.post('/uploads', { ...uploaders, schema: { response: { 200: uploadResponse } } }, async (request, reply) => {
    // Started (once per server) while the file arrives, so loading the thread overlaps receiving it.
    checker.warm();
    const file = await receiveManualFile(request, store).catch((error) => {
      // The rest of a refused body is not read, so the connection cannot be reused.
      reply.header('Connection', 'close');
      throw error;
    });
    const schema = (await datasetColumns(db, [file.datasetId])).get(file.datasetId)!;
    const dataset = await db.selectFrom('datasets').select('id').where('id', '=', file.datasetId).executeTakeFirst();
    if (!dataset || !schema.length) {
      await rm(file.received.tempPath, { force: true });
      throw new AppError('NOT_FOUND', 'No such dataset.');
    }
    const storageKey = newStorageKey();
    await store.put(storageKey, file.received.tempPath);
    const now = isoNow(clock);
    const adminId = request.admin!.id;
    const { id } = await db
      .insertInto('upload_histories')
      .values({
        dataset_id: file.datasetId, file_name: file.originalName, storage_key: storageKey, file_kind: file.kind, size_bytes: file.received.size,
        sha256: file.received.sha256, status: 'PARSING', created_by: adminId, created_at: now, updated_by: adminId, updated_at: now, ...leases.claim(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let parsed = 0;
    const started = { phase: 'PARSING' as const, done: 0, total: file.received.size };
    board.set(id, adminId, started);
    await leases.hold(id, started);
    background(async () => {
      let copy: LocalCopy | undefined;
      const timer = metrics.uploads.startTimer({ stage: 'check' });
      try {
        copy = await store.localCopy(storageKey);
        const { preview, failure } = await previewFile(checker, file.kind, copy.path, schema, stagingPath(config.dataDir, id), (bytes) => {
          parsed += bytes;
          report(id, adminId, { phase: 'PARSING', done: parsed, total: file.received.size });
        });
        // With a shared database another instance may commit: the staged rows go to the file store.
        const stagingKey = !failure && leases.shared ? newStorageKey() : null;
        if (stagingKey) await store.put(stagingKey, stagingPath(config.dataDir, id));
        await db
          .updateTable('upload_histories')
          .set({
            status: failure ? 'FAIL' : 'READY', reason: failure ?? null, row_count: preview.uploadedCount, problem_count: preview.problemCount,
            preview: JSON.stringify(preview), staging_key: stagingKey, updated_at: isoNow(clock),
          })
          .where('id', '=', id)
          .execute();
        timer({ outcome: failure ? 'fail' : 'success' });
      } catch (error) {
        timer({ outcome: 'fail' });
        app.log.warn({ err: error }, 'upload could not be read');
        await rm(stagingPath(config.dataDir, id), { force: true });
        await fail(id, error instanceof FileStoreUnavailableError ? error.message : `The file could not be read as ${file.kind.toUpperCase()}: ${(error as Error).message.slice(0, 200)}`);
      } finally {
        board.clear(id);
        await leases.release(id);
        await copy?.release();
      }
    });
    return success(await findUpload(db, tokens, id), 'The file has been received and is being checked.');
  });

  routes.get('/uploads', { ...readers, schema: { querystring: listQuerystring, response: { 200: uploadListResponse } } }, async (request) =>
    success(await listUploads(db, tokens, parseListQuery(request.query, uploadListSpec))));

  routes.get('/uploads/:id', { ...readers, schema: { params: idParams, response: { 200: uploadResponse } } }, async (request) => {
    const upload = await findUpload(db, tokens, request.params.id);
    if (!upload) throw new AppError('NOT_FOUND', 'No such upload.');
    const progress = await progressOf(upload.id);
    return success({ ...upload, progress: progress ? { phase: progress.phase, done: progress.done, total: progress.total } : null });
  });

  /** This instance's own work from the board; another instance's from the row its lease renews. */
  const progressOf = async (uploadId: number): Promise<(UploadProgress & { adminId: number }) | undefined> => {
    const local = board.get(uploadId);
    if (local || !leases.shared) return local;
    const row = await db.selectFrom('upload_histories').select(['progress', 'updated_by', 'lease_until', 'status']).where('id', '=', uploadId).executeTakeFirst();
    if (!row?.progress || !['PARSING', 'COMMITTING'].includes(row.status) || (row.lease_until ?? '') < isoNow(clock)) return undefined;
    return { ...(JSON.parse(row.progress) as UploadProgress), adminId: row.updated_by ?? 0 };
  };

  // What the progress bar polls while a commit holds SQLite's one connection: the guard reads the
  // session through its own connection (auth/live-sessions.ts), so this needs no rank query.
  // It answers only to the user who started the upload.
  routes.get('/uploads/:id/progress', { onRequest: authenticate, schema: { params: idParams, response: { 200: uploadProgressResponse } } }, async (request) => {
    const progress = await progressOf(request.params.id);
    if (progress && progress.adminId === request.admin!.id) return success({ running: true, phase: progress.phase, done: progress.done, total: progress.total });
    return success({ running: false, phase: null, done: 0, total: 0 });
  });

  routes.post('/uploads/:id/commit', { ...uploaders, schema: { params: idParams, body: commitInput, response: { 200: uploadResponse } } }, async (request) => {
    const uploadId = request.params.id;
    const { mode } = request.body;
    const adminId = request.admin!.id;
    const upload = await uploadRow(db, uploadId);
    if (!upload) throw new AppError('NOT_FOUND', 'No such upload.');
    // Only a checked file without problems can be written, and only once.
    const claimed = await db
      .updateTable('upload_histories')
      .set({ status: 'COMMITTING', mode, updated_by: adminId, updated_at: isoNow(clock), ...leases.claim() })
      .where('id', '=', uploadId)
      .where('status', '=', 'READY')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      const message = upload.status === 'SUCCESS' ? 'This upload has already been committed.' : upload.status === 'FAIL' ? 'This file has problems; fix them and upload it again.' : 'This upload is not ready to commit.';
      throw new AppError('CONFLICT', message);
    }
    // Read before the job starts: on SQLite the commit's transaction holds the only connection.
    const answer = await findUpload(db, tokens, uploadId);
    const started = { phase: 'WRITING' as const, done: 0, total: upload.row_count };
    board.set(uploadId, adminId, started);
    await leases.hold(uploadId, started);
    background(async () => {
      const timer = metrics.uploads.startTimer({ stage: 'commit' });
      // Staged here, or (shared database) in the file store by whichever instance checked the file.
      let staged: LocalCopy | undefined;
      try {
        staged = upload.staging_key ? await store.localCopy(upload.staging_key) : undefined;
        const written = await commitRows(db, {
          uploadId, datasetId: upload.dataset_id, mode, stagingFile: staged?.path ?? stagingPath(config.dataDir, uploadId), adminId, now: () => isoNow(clock),
          onRows: (done) => report(uploadId, adminId, { phase: 'WRITING', done, total: upload.row_count }),
        });
        metrics.uploadRows.inc(written);
        timer({ outcome: 'success' });
      } catch (error) {
        timer({ outcome: 'fail' });
        app.log.error({ err: error }, 'upload commit failed');
        await fail(uploadId, `Writing the rows failed, so none were kept: ${(error as Error).message.slice(0, 200)}`);
      } finally {
        board.clear(uploadId);
        await leases.release(uploadId);
        await rm(stagingPath(config.dataDir, uploadId), { force: true });
        await staged?.release();
        if (upload.staging_key) {
          await store.delete(upload.staging_key).catch(() => undefined);
          await db.updateTable('upload_histories').set({ staging_key: null }).where('id', '=', uploadId).execute();
        }
      }
    });
    return success({ ...answer!, progress: { phase: 'WRITING' as const, done: 0, total: upload.row_count } }, 'The rows are being written.');
  });

  routes.get('/uploads/:id/file', { schema: { params: idParams, querystring: downloadQuery } }, async (request, reply) => {
    await authorizeDownload(request, request.params.id, request.query.token);
    const upload = await uploadRow(db, request.params.id);
    if (!upload) throw new AppError('NOT_FOUND', 'No such upload.');
    return reply
      .type(CONTENT_TYPES[upload.file_kind as keyof typeof CONTENT_TYPES] ?? 'application/octet-stream')
      .header('Content-Length', Number(upload.size_bytes))
      .header('Content-Disposition', contentDisposition('attachment', upload.file_name))
      .header('X-Content-Type-Options', 'nosniff')
      .send(store.get(upload.storage_key));
  });
}

/** A signed-in uploader or manager by Bearer header, or the signed link of this very upload. */
async function authorizeDownload(request: FastifyRequest, uploadId: number, token: string | undefined): Promise<void> {
  if (!token) {
    await authenticate(request);
    const admin = request.admin!;
    if (admin.rank > AREA_RANK.userManagement && !(await isUploader(request.server.ctx.db, admin.id))) throw new AppError('FORBIDDEN', NOT_UPLOADER_MESSAGE);
    return;
  }
  const proof = await request.server.ctx.tokens.verifyProof('file', token).catch(() => undefined);
  if (proof?.sub !== `upload:${uploadId}`) throw new AppError('TOKEN_UNAUTHORIZED', 'This download link has expired or is not valid. Reload the page for a new one.');
}
