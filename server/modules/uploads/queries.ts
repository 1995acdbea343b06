import { sql } from 'kysely';
import { UPLOAD_READY_HOURS, uploadExpiresAt, type FilePreview, type UploadHistory, type UploadMode, type UploadStatus } from '../../../src/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { listPage, type ListRequest } from '../../db/list-page';
import { issueLink } from '../../links';

const baseQuery = (db: Db) => db.selectFrom('upload_histories').leftJoin('datasets', 'datasets.id', 'upload_histories.dataset_id').leftJoin('admins', 'admins.id', 'upload_histories.updated_by');

const columns = [
  'upload_histories.id',
  'upload_histories.dataset_id as datasetId',
  'datasets.title as datasetTitle',
  'upload_histories.file_name as fileName',
  'upload_histories.size_bytes as sizeBytes',
  'upload_histories.status',
  'upload_histories.reason',
  'upload_histories.mode',
  'upload_histories.row_count as rowCount',
  'upload_histories.uploaded_count as uploadedCount',
  'upload_histories.problem_count as problemCount',
  'upload_histories.added_count as addedCount',
  'upload_histories.replaced_count as replacedCount',
  'upload_histories.removed_count as removedCount',
  sql<string | null>`admins.first_name || ' ' || admins.last_name`.as('updatedBy'),
  'upload_histories.updated_at as updatedAt',
  'upload_histories.created_at as createdAt',
] as const;

type HistoryRow = Omit<UploadHistory, 'fileUrl' | 'preview' | 'progress' | 'expiresAt'>;

/** Statuses whose original file is removed: nobody committed the upload. */
export const FILE_REMOVED_STATUSES = ['EXPIRED', 'DISCARDED'] as const satisfies readonly UploadStatus[];
export const isFileRemoved = (status: string): boolean => (FILE_REMOVED_STATUSES as readonly string[]).includes(status);
/**
 * Only a file its check passed is handed back: a refused one (FAIL) may hold formulas a spreadsheet
 * would run for the next person who opens it, and its uploader still holds the copy to fix; one
 * still being checked may be refused yet.
 */
export const FILE_HANDED_BACK_STATUSES = ['READY', 'COMMITTING', 'SUCCESS'] as const satisfies readonly UploadStatus[];
export const isFileHandedBack = (status: string): boolean => (FILE_HANDED_BACK_STATUSES as readonly string[]).includes(status);

async function present(caller: FastifyRequest, row: HistoryRow): Promise<UploadHistory> {
  const status = row.status as UploadStatus;
  return {
    ...row,
    sizeBytes: Number(row.sizeBytes),
    status,
    mode: row.mode as UploadMode | null,
    // A READY upload's updated_at is when its check ended: nothing else writes it until the commit is claimed.
    expiresAt: status === 'READY' ? uploadExpiresAt(row.updatedAt) : null,
    // The original's own link kind, so a link never opens a store file by id; only a file its check passed.
    fileUrl: isFileHandedBack(status) ? await issueLink(caller, 'upload-original', String(row.id)) : null,
  };
}

/** The moment before which a READY upload has expired. */
export function readyCutoff(now: Date): string {
  return new Date(now.getTime() - UPLOAD_READY_HOURS * 3_600_000).toISOString();
}

export async function listUploads(db: Db, caller: FastifyRequest, request: ListRequest) {
  // The dataset and the uploader are joined for the rows only; the count reads upload_histories alone.
  const page = await listPage(baseQuery(db), request, (query) => query.select(columns), 'upload_histories.id', { db, countBase: db.selectFrom('upload_histories') });
  return { ...page, list: await Promise.all((page.list as HistoryRow[]).map((row) => present(caller, row))) };
}

export async function findUpload(db: Db, caller: FastifyRequest, id: number): Promise<UploadHistory | undefined> {
  const row = await baseQuery(db)
    .select([...columns, 'upload_histories.preview'])
    .where('upload_histories.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { preview, ...history } = row;
  return { ...(await present(caller, history as HistoryRow)), preview: preview ? (JSON.parse(preview) as FilePreview) : null };
}

export function uploadRow(db: Db, id: number) {
  return db.selectFrom('upload_histories').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Uploads left PARSING or COMMITTING by an instance that stopped (its transaction rolled back) are
 * marked FAIL. With leases (PostgreSQL) only those whose owner stopped renewing; without (SQLite,
 * one instance, at start-up) all of them; never those in `ownWork`, the caller's own live work. Answers
 * them, so the caller removes their staged rows.
 */
export async function failInterruptedUploads(db: Db, now: string, reason: string, byLease: boolean, ownWork: readonly number[]): Promise<{ id: number; staging_key: string | null }[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('upload_histories').select(['id', 'staging_key']).where('status', 'in', ['PARSING', 'COMMITTING']);
    if (byLease) query = query.where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]));
    if (ownWork.length) query = query.where('id', 'not in', ownWork);
    const rows = await query.execute();
    if (rows.length) {
      await trx
        .updateTable('upload_histories')
        .set({ status: 'FAIL', reason, lease_owner: null, lease_until: null, progress: null, updated_at: now })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    }
    return rows;
  });
}

/** True when the dataset exists. */
export async function datasetExists(db: Db, datasetId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('datasets').select('id').where('id', '=', datasetId).executeTakeFirst());
}

export interface ReceivedUpload {
  datasetId: number;
  fileName: string;
  storageKey: string;
  fileKind: string;
  sizeBytes: number;
  sha256: string;
  adminId: number;
  /** schemaFingerprint() of the columns the file is checked against. */
  schemaFingerprint: string;
}

/** A received file's history row, PARSING under the given lease; its id. */
export async function insertUpload(db: Db, upload: ReceivedUpload, lease: { lease_owner: string | null; lease_until: string | null }, now: string): Promise<number> {
  const { id } = await db
    .insertInto('upload_histories')
    .values({
      dataset_id: upload.datasetId,
      file_name: upload.fileName,
      storage_key: upload.storageKey,
      file_kind: upload.fileKind,
      size_bytes: upload.sizeBytes,
      sha256: upload.sha256,
      schema_fingerprint: upload.schemaFingerprint,
      status: 'PARSING',
      created_by: upload.adminId,
      created_at: now,
      updated_by: upload.adminId,
      updated_at: now,
      ...lease,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The check's outcome: READY with its preview, or FAIL with the reason; stagingKey where another instance may commit. */
export async function finishCheck(db: Db, id: number, outcome: { failure?: string; preview: FilePreview; stagingKey: string | null }, now: string): Promise<void> {
  const { failure, preview, stagingKey } = outcome;
  await db
    .updateTable('upload_histories')
    .set({
      status: failure ? 'FAIL' : 'READY',
      reason: failure ?? null,
      row_count: preview.uploadedCount,
      problem_count: preview.problemCount,
      preview: JSON.stringify(preview),
      staging_key: stagingKey,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function failUpload(db: Db, id: number, reason: string, now: string): Promise<void> {
  await db.updateTable('upload_histories').set({ status: 'FAIL', reason, updated_at: now }).where('id', '=', id).execute();
}

/**
 * READY → COMMITTING under the given lease; false when the upload was not READY, has expired (even
 * before the sweep marked it) or another request claimed it first.
 */
export async function claimCommit(db: Db, id: number, mode: UploadMode, adminId: number, lease: { lease_owner: string | null; lease_until: string | null }, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('upload_histories')
    .set({ status: 'COMMITTING', mode, updated_by: adminId, updated_at: now.toISOString(), ...lease })
    .where('id', '=', id)
    .where('status', '=', 'READY')
    .where('updated_at', '>=', readyCutoff(now))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** What another instance's lease last wrote of an upload's progress. */
export function leasedProgress(db: Db, id: number) {
  return db.selectFrom('upload_histories').select(['progress', 'updated_by', 'lease_until', 'status']).where('id', '=', id).executeTakeFirst();
}

/**
 * Finished uploads whose staged rows are still in the file store: the deletion after the commit (or
 * the sweep that failed the upload) could not reach the store. The key stays on the row until the
 * object is gone, so nothing in the bucket is left without a row naming it.
 */
export function leftoverStagingKeys(db: Db): Promise<{ id: number; staging_key: string | null }[]> {
  return db
    .selectFrom('upload_histories')
    .select(['id', 'staging_key'])
    .where('status', 'in', ['SUCCESS', 'FAIL', ...FILE_REMOVED_STATUSES])
    .where('staging_key', 'is not', null)
    .execute();
}

/** An upload nobody will commit, whose files are to be removed. */
export interface Abandoned {
  id: number;
  storage_key: string;
  staging_key: string | null;
}

/** READY uploads whose time ran out become EXPIRED; answers them, so their files are removed. */
export function expireReadyUploads(db: Db, now: Date): Promise<Abandoned[]> {
  return db
    .updateTable('upload_histories')
    .set({ status: 'EXPIRED', reason: null, updated_at: now.toISOString() })
    .where('status', '=', 'READY')
    .where('updated_at', '<', readyCutoff(now))
    .returning(['id', 'storage_key', 'staging_key'])
    .execute();
}

/** READY → DISCARDED by a person; undefined when the upload was not READY (committed, expired or claimed meanwhile). */
export function discardUpload(db: Db, id: number, adminId: number, now: string): Promise<Abandoned | undefined> {
  return db
    .updateTable('upload_histories')
    .set({ status: 'DISCARDED', reason: null, updated_by: adminId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'READY')
    .returning(['id', 'storage_key', 'staging_key'])
    .executeTakeFirst();
}

/** Discarded or expired uploads whose original file is still in the store: the removal the store refused, tried again. */
export function unremovedFiles(db: Db): Promise<Abandoned[]> {
  return db.selectFrom('upload_histories').select(['id', 'storage_key', 'staging_key']).where('status', 'in', FILE_REMOVED_STATUSES).where('file_removed_at', 'is', null).execute();
}

export async function markFileRemoved(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('upload_histories').set({ file_removed_at: now }).where('id', '=', id).execute();
}

export async function clearStagingKey(db: Db, id: number): Promise<void> {
  await db.updateTable('upload_histories').set({ staging_key: null }).where('id', '=', id).execute();
}
