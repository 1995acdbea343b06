import { uploadedFileResponse } from '../../src/shared';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, FILE_KINDS, FILE_PURPOSE_RULES, fileIdSchema, isImageType } from '../../src/shared';
import { authenticate, requireRank } from '../auth/guard';
import { isoNow } from '../clock';
import { AppError, validationError } from '../http/app-error';
import { success } from '../http/envelope';
import { detectKind } from './kinds';
import { presentFiles } from './references';
import { newStorageKey } from './store';
import { readUpload } from './upload';
import { contentDisposition } from './content-disposition';
import { redeemLink } from '../links';
import { sentence } from '../../src/i18n/serverMessage';
import { ACCEPTED_FILES } from './purpose-words';

const fileParams = z.object({ fileId: fileIdSchema });
const downloadQuery = z.object({ token: z.string().max(2000).optional() });

/** Uploaded content is shown, never run: no scripts, no plugins, no framing of other origins. */
const FILE_CSP = "default-src 'none'; img-src 'self'; sandbox";

/**
 * A signed-in caller, by Bearer header or by a link made for this very file; any signed-in account
 * may read a stored file, so the link's check is its session and account as they are now.
 */
async function authorizeDownload(request: FastifyRequest, fileId: string, token: string | undefined): Promise<void> {
  if (!token) return authenticate(request);
  await redeemLink(request, 'file', token, fileId, async () => {});
}

/**
 * /api/files: the upload store other features reference by file id. Multipart parsing is
 * registered here only, so the app's 1 MiB JSON body limit still holds everywhere else.
 */
export async function filesModule(app: FastifyInstance) {
  const { db, clock, files: store } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart);

  // Any signed-in user may upload; each consumer checks the purpose of the files it references.
  routes.post('/files', { schema: { response: { 200: uploadedFileResponse } }, onRequest: requireRank(AREA_RANK.project) }, async (request) => {
    const { purpose, originalName, received } = await readUpload(request, store);
    const rule = FILE_PURPOSE_RULES[purpose];
    const kind = detectKind(received.head, originalName, rule.kinds);
    if (!kind) {
      await rm(received.tempPath, { force: true });
      throw validationError([{ field: 'file', message: sentence('collect.isNot', { code: originalName, label: ACCEPTED_FILES[purpose] }) }]);
    }
    const storageKey = newStorageKey();
    await store.put(storageKey, received.tempPath);
    const row = await db
      .insertInto('uploaded_files')
      .values({
        id: randomUUID(),
        purpose,
        original_name: originalName,
        content_type: FILE_KINDS[kind].type,
        size_bytes: received.size,
        sha256: received.sha256,
        storage_key: storageKey,
        created_by: request.admin!.id,
        created_at: isoNow(clock),
      })
      .returning(['id', 'purpose', 'original_name', 'content_type'])
      .executeTakeFirstOrThrow()
      .catch(async (error) => {
        await store.delete(storageKey);
        throw error;
      });
    return success((await presentFiles(request, [row])).get(row.id), sentence('files.theFileHasBeenUploaded'));
  });

  routes.get('/files/:fileId', { schema: { params: fileParams, querystring: downloadQuery } }, async (request, reply) => {
    const { fileId } = request.params;
    await authorizeDownload(request, fileId, request.query.token);
    const file = await db.selectFrom('uploaded_files').selectAll().where('id', '=', fileId).executeTakeFirst();
    if (!file) throw new AppError('NOT_FOUND', sentence('files.noSuchFile'));
    const etag = `"${file.sha256}"`;
    reply.header('Content-Security-Policy', FILE_CSP).header('X-Content-Type-Options', 'nosniff').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    // Opened before the file's headers are set: a store that fails answers in the envelope.
    const body = await store.get(file.storage_key);
    return reply
      .type(file.content_type)
      .header('Content-Length', file.size_bytes)
      .header('Content-Disposition', contentDisposition(isImageType(file.content_type) ? 'inline' : 'attachment', file.original_name))
      .send(body);
  });
}
