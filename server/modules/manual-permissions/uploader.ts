import type { preHandlerAsyncHookHandler } from 'fastify';
import { AREA_RANK } from '../../../src/shared';
import { authenticate } from '../../auth/guard';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { sentence } from '../../../src/i18n/serverMessage';

/** The UPLOADER permission is admins.uploader_flag, read on every call so a revoke applies at once. */
export async function isUploader(db: Db, adminId: number): Promise<boolean> {
  const row = await db.selectFrom('admins').select('uploader_flag').where('id', '=', adminId).executeTakeFirst();
  return row?.uploader_flag === 'Y';
}

/** onRequest guard for upload routes: a rank-5 user holding UPLOADER (as the live session reads it), or 403. */
export function requireUploader(): preHandlerAsyncHookHandler {
  return async function uploaderGuard(request) {
    if (!request.admin) await authenticate(request);
    const admin = request.admin!;
    if (admin.rank > AREA_RANK.project || !admin.uploader) throw new AppError('FORBIDDEN', sentence('uploads.notUploader'));
  };
}

/** Data sets are defined, and upload history read, by uploaders and by user managers (rank ≤ 4). */
export function requireDatasetManager(message = sentence('manualPermissions.onlyUploadersAndAdministratorsCan')): preHandlerAsyncHookHandler {
  return async function datasetManagerGuard(request) {
    if (!request.admin) await authenticate(request);
    const admin = request.admin!;
    if (admin.rank <= AREA_RANK.userManagement) return;
    if (admin.rank > AREA_RANK.project || !admin.uploader) {
      throw new AppError('FORBIDDEN', message);
    }
  };
}
