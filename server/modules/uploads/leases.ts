import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { UploadProgress } from '../../../src/shared';
import type { Clock } from '../../clock';
import { isSqlite, type Db } from '../../db/database';
import { sentence } from '../../../src/i18n/serverMessage';

export const INTERRUPTED_REASON = sentence('uploads.theUploadWasInterruptedIts');

/**
 * This instance's hold on the uploads it is parsing or committing, on PostgreSQL where several
 * instances share the database: each held row names this instance as its owner until lease_until,
 * renewed with the progress on every beat, so any instance can report the progress and only
 * uploads whose owner stopped renewing are failed. On SQLite there is one instance per database
 * and a commit holds its only connection, so nothing is written here; the in-memory board answers.
 */
export class UploadLeases {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly shared: boolean;
  private readonly held = new Map<number, UploadProgress | null>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly leaseMs: number,
  ) {
    this.shared = !isSqlite(db);
  }

  /** The columns that make this instance the upload's owner, for the insert or update that starts the work. */
  claim(): { lease_owner: string | null; lease_until: string | null } {
    return this.shared ? { lease_owner: this.owner, lease_until: this.until() } : { lease_owner: null, lease_until: null };
  }

  /** Keeps the lease of an upload this instance started, writing its progress at once and on every beat. */
  async hold(uploadId: number, progress: UploadProgress): Promise<void> {
    if (!this.shared) return;
    this.held.set(uploadId, progress);
    await this.write(uploadId, progress);
    this.timer ??= setInterval(() => void this.beat(), Math.min(1000, this.leaseMs / 3)).unref();
  }

  progress(uploadId: number, progress: UploadProgress): void {
    if (this.held.has(uploadId)) this.held.set(uploadId, progress);
  }

  /** Ends the hold; the row's own update (SUCCESS, READY, FAIL) is the caller's. */
  async release(uploadId: number): Promise<void> {
    if (!this.held.delete(uploadId)) return;
    if (this.held.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    await this.db.updateTable('upload_histories').set({ lease_owner: null, lease_until: null, progress: null }).where('id', '=', uploadId).where('lease_owner', '=', this.owner).execute();
  }

  /** The uploads this instance is working on now: its own sweep leaves them be, however late a renewal. */
  heldIds(): number[] {
    return [...this.held.keys()];
  }

  close(): void {
    clearInterval(this.timer);
  }

  private until(): string {
    return new Date(this.clock.now().getTime() + this.leaseMs).toISOString();
  }

  private write(uploadId: number, progress: UploadProgress | null) {
    return this.db
      .updateTable('upload_histories')
      .set({ lease_until: this.until(), progress: progress && JSON.stringify(progress) })
      .where('id', '=', uploadId)
      .where('lease_owner', '=', this.owner)
      .execute();
  }

  private async beat(): Promise<void> {
    await Promise.all([...this.held].map(([uploadId, progress]) => this.write(uploadId, progress).catch(() => undefined)));
  }
}
