import type { FastifyRequest } from 'fastify';
import type { FieldError, FilePurpose, UploadedFile } from '../../src/shared';
import type { Db } from '../db/database';
import { issueLink } from '../links';
import { sentence } from '../../src/i18n/serverMessage';
import { PURPOSE_WORDS } from './purpose-words';

export interface StoredFileRow {
  id: string;
  purpose: string;
  original_name: string;
  content_type: string;
}

export function findFileRows(db: Db, ids: readonly string[]): Promise<StoredFileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('uploaded_files')
    .select(['id', 'purpose', 'original_name', 'content_type'])
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * Uploaded files as the API shows them, for rows of the store, each with a fresh link for the person asking
 * (`/api/files/{id}?token=…`: an <img> cannot send the Bearer header), checked again at every use.
 */
export async function presentFiles(request: FastifyRequest, rows: readonly StoredFileRow[]): Promise<Map<string, UploadedFile>> {
  const presented = await Promise.all(rows.map(async (row) => ({ fileId: row.id, originalName: row.original_name, type: row.content_type, url: await issueLink(request, 'file', row.id) })));
  return new Map(presented.map((file) => [file.fileId, file]));
}

/**
 * Field errors for file ids a record wants to reference: each must exist and have been uploaded
 * for `purpose` (a consumer only accepts what its purpose allowed at upload time).
 */
export async function fileReferenceErrors(db: Db, field: string, ids: readonly string[], purpose: FilePurpose): Promise<FieldError[]> {
  const rows = new Map((await findFileRows(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id): FieldError[] => {
    const row = rows.get(id);
    if (!row) return [{ field, message: sentence('files.fileDoesNotExistUpload', { id }) }];
    if (row.purpose !== purpose) return [{ field, message: sentence('files.fileWasNotUploadedAs', { id, original_name: row.original_name, purpose: PURPOSE_WORDS[purpose] }) }];
    return [];
  });
}
