import type { UploadProgress } from '../../../src/shared';

/**
 * Progress of the uploads this process is parsing or writing, kept in memory: on SQLite a commit
 * holds the only connection, so progress cannot be read from the database while it runs.
 */
export class UploadProgressBoard {
  private readonly entries = new Map<number, UploadProgress & { adminId: number }>();

  set(uploadId: number, adminId: number, progress: UploadProgress): void {
    this.entries.set(uploadId, { ...progress, adminId });
  }

  get(uploadId: number): (UploadProgress & { adminId: number }) | undefined {
    return this.entries.get(uploadId);
  }

  clear(uploadId: number): void {
    this.entries.delete(uploadId);
  }
}
