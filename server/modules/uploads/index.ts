import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, UPLOAD_READY_HOURS, commitInput, uploadProgressResponse, uploadResponse } from '../../../src/shared';
import { uploadsResource } from '../../../src/shared/resources/uploads';
import { authenticate } from '../../auth/guard';
import { isoNow } from '../../clock';
import { contentDisposition } from '../../files/content-disposition';
import { newStorageKey } from '../../files/store';
import { AppError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { redeemLink } from '../../links';
import { activityOfLaterWrite } from '../activity/recorder';
import { datasetColumns, schemaFingerprint } from '../datasets/queries';
import { isUploader, requireDatasetManager, requireUploader } from '../manual-permissions/uploader';
import { claimCommit, datasetExists, findUpload, insertUpload, isFileHandedBack, isFileRemoved, listUploads, readyCutoff, uploadRow } from './queries';
import { receiveManualFile } from './receive';
import { UploadWork } from './upload-work';
import { recordNoun, sentence, type ServerMessage } from '../../../src/i18n/serverMessage';

const downloadQuery = z.object({ token: z.string().max(2000).optional() });
const CONTENT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * /api/uploads: manual upload (preview, then an all-or-nothing commit) and its history. Parsing
 * and writing run after the answer, so the browser polls `/api/uploads/{id}/progress`.
 */
export async function uploadsModule(app: FastifyInstance) {
  const { db, clock, files: store } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const work = new UploadWork(app.ctx, app.log);
  const uploaders = { onRequest: requireUploader() };
  await app.register(multipart);
  await work.start();
  app.addHook('onClose', async () => work.close());

  routes.post('/uploads', { ...uploaders, schema: { response: { 200: uploadResponse } } }, async (request, reply) => {
    work.warm();
    const file = await receiveManualFile(request, store).catch((error) => {
      // The rest of a refused body is not read, so the connection cannot be reused.
      reply.header('Connection', 'close');
      throw error;
    });
    const schema = (await datasetColumns(db, [file.datasetId])).get(file.datasetId)!;
    if (!(await datasetExists(db, file.datasetId)) || !schema.length) {
      await rm(file.received.tempPath, { force: true });
      throw new AppError('NOT_FOUND', sentence('crud.noSuch', { noun: recordNoun('dataset') }));
    }
    const storageKey = newStorageKey();
    await store.put(storageKey, file.received.tempPath);
    const adminId = request.admin!.id;
    const received = {
      datasetId: file.datasetId,
      fileName: file.originalName,
      storageKey,
      fileKind: file.kind,
      sizeBytes: file.received.size,
      sha256: file.received.sha256,
      adminId,
      schemaFingerprint: schemaFingerprint(schema),
    };
    const id = await insertUpload(db, received, work.leases.claim(), isoNow(clock));
    await work.startCheck({ uploadId: id, adminId, storageKey, kind: file.kind, sizeBytes: file.received.size, schema });
    return success(await findUpload(db, request, id), sentence('uploads.theFileHasBeenReceived'));
  });

  // The history and one upload, with its check's or commit's progress while one runs; its create
  // is the multipart upload above, served here with the commands, not by the factory.
  crudRoutes(app, uploadsResource, {
    servedBeside: ['create'],
    guards: { read: requireDatasetManager(sentence('uploads.notUploader')) },
    store: {
      table: 'upload_histories',
      list: (list, caller) => listUploads(db, caller, list),
      async find(id, caller) {
        const upload = await findUpload(db, caller!, id);
        const progress = upload && (await work.progressOf(upload.id));
        return upload && { ...upload, progress: progress ? { phase: progress.phase, done: progress.done, total: progress.total } : null };
      },
    },
  });

  // What the progress bar polls while a commit holds SQLite's one connection: the guard reads the
  // session through its own connection (auth/live-sessions.ts), so this needs no rank query.
  // It answers only to the user who started the upload.
  routes.get('/uploads/:id/progress', { onRequest: authenticate, schema: { params: idParams, response: { 200: uploadProgressResponse } } }, async (request) => {
    const progress = await work.progressOf(request.params.id);
    if (progress && progress.adminId === request.admin!.id) return success({ running: true, phase: progress.phase, done: progress.done, total: progress.total });
    return success({ running: false, phase: null, done: 0, total: 0 });
  });

  // Its activity entry is written by the commit, in the transaction that writes the rows.
  routes.post(
    '/uploads/:id/commit',
    { ...uploaders, config: { recordsActivity: true }, schema: { params: idParams, body: commitInput, response: { 200: uploadResponse } } },
    async (request, reply) => {
      const uploadId = request.params.id;
      const { mode } = request.body;
      const adminId = request.admin!.id;
      const upload = await uploadRow(db, uploadId);
      if (!upload) throw new AppError('NOT_FOUND', sentence('uploads.noSuchUpload'));
      // Its rows are in the order of the columns it was checked against; the commit checks again as it writes.
      const columns = (await datasetColumns(db, [upload.dataset_id])).get(upload.dataset_id)!;
      if (upload.status === 'READY' && upload.schema_fingerprint !== schemaFingerprint(columns)) throw new AppError('CONFLICT', sentence('uploads.schemaChanged'));
      // Only a checked file without problems can be written, only once, and only before it expires.
      if (!(await claimCommit(db, uploadId, mode, adminId, work.leases.claim(), clock.now()))) {
        // Past its time but not yet swept: expired now, so the history agrees with this answer.
        if (upload.status === 'READY' && upload.updated_at < readyCutoff(clock.now())) await work.expire();
        throw new AppError('CONFLICT', notCommittable((await uploadRow(db, uploadId))?.status ?? upload.status));
      }
      // Read before the job starts: on SQLite the commit's transaction holds the only connection.
      const answer = await findUpload(db, request, uploadId);
      const activity = await activityOfLaterWrite(request, reply);
      await work.startCommit(upload, mode, adminId, request.ip, activity);
      return success({ ...answer!, progress: { phase: 'WRITING' as const, done: 0, total: upload.row_count } }, sentence('uploads.theRowsAreBeingWritten'));
    },
  );

  // Gives up a checked upload nobody will commit: its staged rows and original file are removed, the history keeps the row.
  routes.post('/uploads/:id/discard', { ...uploaders, schema: { params: idParams, response: { 200: uploadResponse } } }, async (request) => {
    const upload = await uploadRow(db, request.params.id);
    if (!upload) throw new AppError('NOT_FOUND', sentence('uploads.noSuchUpload'));
    if (!(await work.discard(upload.id, request.admin!.id))) throw new AppError('CONFLICT', notCommittable((await uploadRow(db, upload.id))?.status ?? upload.status, 'discarded'));
    return success((await findUpload(db, request, upload.id))!, sentence('uploads.theUploadHasBeenDiscarded'));
  });

  routes.get('/uploads/:id/file', { schema: { params: idParams, querystring: downloadQuery } }, async (request, reply) => {
    await authorizeDownload(request, request.params.id, request.query.token);
    const upload = await uploadRow(db, request.params.id);
    if (!upload) throw new AppError('NOT_FOUND', sentence('uploads.noSuchUpload'));
    if (isFileRemoved(upload.status)) throw new AppError('NOT_FOUND', sentence('uploads.thisUploadWasSoIts', { choice: upload.status === 'EXPIRED' ? 'not committed in time' : 'discarded' }));
    if (!isFileHandedBack(upload.status)) {
      throw new AppError('CONFLICT', upload.status === 'FAIL' ? sentence('uploads.thisFileWasRefusedByItsCheck') : sentence('uploads.thisFileIsStillBeingChecked'));
    }
    // Opened before the file's headers are set: a store that fails answers in the envelope.
    const body = await store.get(upload.storage_key);
    return reply
      .type(CONTENT_TYPES[upload.file_kind as keyof typeof CONTENT_TYPES] ?? 'application/octet-stream')
      .header('Content-Length', Number(upload.size_bytes))
      .header('Content-Disposition', contentDisposition('attachment', upload.file_name))
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });
}

/** Why an upload in this status cannot be committed (or discarded) any more. */
function notCommittable(status: string, action: 'committed' | 'discarded' = 'committed'): ServerMessage {
  if (status === 'SUCCESS') return sentence('uploads.thisUploadHasAlreadyBeen');
  if (status === 'FAIL') return sentence('uploads.thisFileHasProblemsFix');
  if (status === 'EXPIRED') return sentence('uploads.thisUploadWasNotCommitted', { UPLOAD_READY_HOURS });
  if (status === 'DISCARDED') return sentence('uploads.thisUploadHasBeenDiscarded');
  return action === 'committed' ? sentence('uploads.thisUploadIsNotReady') : sentence('uploads.onlyACheckedUploadWaiting');
}

/** A signed-in uploader or manager, by Bearer header or by a link made for this very upload: the same check either way, as they stand now. */
async function authorizeDownload(request: FastifyRequest, uploadId: number, token: string | undefined): Promise<void> {
  if (token) {
    await redeemLink(request, 'upload-original', token, String(uploadId), () => mayReadOriginals(request));
    return;
  }
  await authenticate(request);
  await mayReadOriginals(request);
}

async function mayReadOriginals(request: FastifyRequest): Promise<void> {
  const admin = request.admin!;
  if (admin.rank > AREA_RANK.userManagement && !(await isUploader(request.server.ctx.db, admin.id))) throw new AppError('FORBIDDEN', sentence('uploads.notUploader'));
}
