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
  const attached = fileIds.flatMap((id) => byId.get(id) ?? []);
  // Each opened before the mail goes; when one cannot be, the others are closed rather than left holding the store.
  const opened = await Promise.allSettled(attached.map((row) => store.get(row.storage_key)));
  const failed = opened.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    for (const outcome of opened) if (outcome.status === 'fulfilled') outcome.value.destroy();
    throw failed.reason;
  }
  return attached.map((row, index) => ({
    filename: withoutControls(row.original_name),
    content: (opened[index] as PromiseFulfilledResult<Readable>).value,
    contentType: row.content_type,
  }));
}
