import type { Readable } from 'node:stream';
import { withoutControls } from '../../src/shared';
import type { Db } from '../db/database';
import type { FileStore } from '../files/store';

export interface MailAttachment {
  filename: string;
  content: Readable;
  contentType: string;
}

/**
 * The upload store files to attach, streamed from the store; ids no longer in the store are skipped.
 * Names lose control characters, as when served (a name stored before the rule may hold them).
 */
export async function attachmentsOf(db: Db, store: FileStore, fileIds: readonly string[]): Promise<MailAttachment[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .selectFrom('uploaded_files')
    .select(['id', 'original_name', 'content_type', 'storage_key'])
    .where('id', 'in', [...fileIds])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return fileIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ filename: withoutControls(row.original_name), content: store.get(row.storage_key), contentType: row.content_type }] : [];
  });
}
