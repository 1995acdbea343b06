import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DatasetColumn, UploadMode, UploadProgress } from '../../../src/shared';
import { isoNow } from '../../clock';
import { detached } from '../../db/database';
import type { AppContext } from '../../context';
import { newStorageKey, type LocalCopy } from '../../files/store';
import { FileStoreUnavailableError, isOutOfSpace, OUT_OF_SPACE_MESSAGE } from '../../files/store-errors';
import { FileChecker } from './check-thread';
import { commitRows, type CommitJob } from './commit';
import { INTERRUPTED_REASON, UploadLeases } from './leases';
import { previewFile } from './preview';
import { UploadProgressBoard } from './progress';
import {
  clearStagingKey,
  discardUpload,
  expireReadyUploads,
  failInterruptedUploads,
  failUpload,
  finishCheck,
  leasedProgress,
  leftoverStagingKeys,
  markFileRemoved,
  unremovedFiles,
  type Abandoned,
  type uploadRow,
} from './queries';
import type { FileKindOfUpload } from './parse';
import { stagingPath } from './staging';
import { sentence, shortened } from '../../../src/i18n/serverMessage';

type UploadRow = NonNullable<Awaited<ReturnType<typeof uploadRow>>>;

/**
 * How often READY uploads past their time are expired. The server's retention sweeps run hourly;
 * this one runs more often so the history reads "Expired" soon after the stated time (the commit
 * itself is refused from that very moment).
 */
const EXPIRY_SWEEP_MS = 5 * 60_000;

/** A received file whose check is to run: where it is stored, its kind and size, and the dataset's columns. */
export interface FileToCheck {
  uploadId: number;
  adminId: number;
  storageKey: string;
  kind: FileKindOfUpload;
  sizeBytes: number;
  schema: DatasetColumn[];
}

/**
 * The work an upload does after the answer: checking a received file (PARSING → READY or FAIL)
 * and writing a checked file's rows (COMMITTING → SUCCESS or FAIL). Progress goes to this
 * instance's board and, with leases (a shared database), to the row every instance reads. The
 * app waits for running work on close rather than pulling the database away.
 */
export class UploadWork {
  readonly leases: UploadLeases;
  private readonly board = new UploadProgressBoard();
  private readonly checker = new FileChecker();
  private readonly running = new Set<Promise<void>>();
  private sweeper: NodeJS.Timeout | undefined;
  private expirer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.leases = new UploadLeases(ctx.db, ctx.clock, ctx.config.uploadLeaseMs ?? 30_000);
  }

  /** Fails what a stopped instance left running; with leases, keeps doing so while this one runs. Expires uncommitted uploads, now and every few minutes. */
  async start(): Promise<void> {
    await this.sweep();
    await this.expire();
    // With leases, an instance that stops mid-upload is noticed by the others once its lease expires.
    if (this.leases.shared) {
      this.sweeper = setInterval(() => void this.sweep().catch((error) => this.log.warn({ err: error }, 'upload sweep failed')), this.leases.leaseMs / 2).unref();
    }
    this.expirer = setInterval(() => void this.expire().catch((error) => this.log.warn({ err: error }, 'upload expiry failed')), EXPIRY_SWEEP_MS).unref();
  }

  /** READY uploads past UPLOAD_READY_HOURS become EXPIRED and lose their files; files a store refused earlier are removed again. Answers how many expired. */
  async expire(): Promise<number> {
    const expired = await expireReadyUploads(this.ctx.db, this.ctx.clock.now());
    for (const upload of expired) await this.removeFiles(upload);
    // While the store is down, one failure says so for all of them.
    for (const upload of await unremovedFiles(this.ctx.db)) if (!(await this.removeFiles(upload))) break;
    return expired.length;
  }

  /** A person gives up a READY upload: DISCARDED, its files removed; false when it was no longer READY. */
  async discard(uploadId: number, adminId: number): Promise<boolean> {
    const discarded = await discardUpload(this.ctx.db, uploadId, adminId, isoNow(this.ctx.clock));
    if (discarded) await this.removeFiles(discarded);
    return Boolean(discarded);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    clearInterval(this.expirer);
    await Promise.all(this.running);
    this.leases.close();
    await this.checker.close();
  }

  /** Started (once per server) while a file arrives, so loading the thread overlaps receiving it. */
  warm(): void {
    this.checker.warm();
  }

  /** Checks the received file after the answer; the upload is PARSING until then. */
  async startCheck(file: FileToCheck): Promise<void> {
    const { ctx } = this;
    const { uploadId: id, adminId } = file;
    let parsed = 0;
    const started = { phase: 'PARSING' as const, done: 0, total: file.sizeBytes };
    this.board.set(id, adminId, started);
    await this.leases.hold(id, started);
    this.background(async () => {
      let copy: LocalCopy | undefined;
      const timer = ctx.metrics.uploads.startTimer({ stage: 'check' });
      try {
        copy = await ctx.files.localCopy(file.storageKey);
        const { preview, failure } = await previewFile(this.checker, file.kind, copy.path, file.schema, stagingPath(ctx.config.dataDir, id), (bytes) => {
          parsed += bytes;
          this.report(id, adminId, { phase: 'PARSING', done: parsed, total: file.sizeBytes });
        });
        // Gone before the upload reads READY, so nothing of the check outlives its answer.
        await copy.release();
        copy = undefined;
        // With a shared database another instance may commit: the staged rows go to the file store.
        const stagingKey = !failure && this.leases.shared ? newStorageKey() : null;
        if (stagingKey) await ctx.files.put(stagingKey, stagingPath(ctx.config.dataDir, id));
        await finishCheck(ctx.db, id, { failure, preview, stagingKey }, isoNow(ctx.clock));
        timer({ outcome: failure ? 'fail' : 'success' });
      } catch (error) {
        timer({ outcome: 'fail' });
        this.logFailure(error, 'upload could not be read', 'warn');
        await rm(stagingPath(ctx.config.dataDir, id), { force: true });
        await this.fail(
          id,
          isOutOfSpace(error)
            ? OUT_OF_SPACE_MESSAGE
            : error instanceof FileStoreUnavailableError
              ? error.message
              : sentence('uploads.theFileCouldNotBeReadAs', { kind: file.kind.toUpperCase(), reason: shortened((error as Error).message, 200) }),
        );
      } finally {
        this.board.clear(id);
        await this.leases.release(id);
        await copy?.release();
      }
    });
  }

  /** Writes the claimed (COMMITTING) upload's rows after the answer, all or nothing. */
  async startCommit(upload: UploadRow, mode: UploadMode, adminId: number, sourceIp: string, activity: CommitJob['activity']): Promise<void> {
    const { ctx } = this;
    const uploadId = upload.id;
    const started = { phase: 'WRITING' as const, done: 0, total: upload.row_count };
    this.board.set(uploadId, adminId, started);
    await this.leases.hold(uploadId, started);
    this.background(async () => {
      const timer = ctx.metrics.uploads.startTimer({ stage: 'commit' });
      // Staged here, or (shared database) in the file store by whichever instance checked the file.
      let staged: LocalCopy | undefined;
      try {
        staged = upload.staging_key ? await ctx.files.localCopy(upload.staging_key) : undefined;
        const written = await commitRows(ctx.db, {
          uploadId,
          datasetId: upload.dataset_id,
          mode,
          schemaFingerprint: upload.schema_fingerprint,
          stagingFile: staged?.path ?? stagingPath(ctx.config.dataDir, uploadId),
          adminId,
          sourceIp,
          activity,
          now: () => isoNow(ctx.clock),
          onRows: (done) => this.report(uploadId, adminId, { phase: 'WRITING', done, total: upload.row_count }),
        });
        ctx.metrics.uploadRows.inc(written);
        timer({ outcome: 'success' });
      } catch (error) {
        timer({ outcome: 'fail' });
        this.logFailure(error, 'upload commit failed', 'error');
        await this.fail(uploadId, isOutOfSpace(error) ? OUT_OF_SPACE_MESSAGE : sentence('uploads.writingTheRowsFailed', { reason: shortened((error as Error).message, 200) }));
      } finally {
        this.board.clear(uploadId);
        await this.leases.release(uploadId);
        await rm(stagingPath(ctx.config.dataDir, uploadId), { force: true });
        await staged?.release();
        if (upload.staging_key) await this.removeStaged(uploadId, upload.staging_key);
      }
    });
  }

  /** This instance's own work from the board; another instance's from the row its lease renews. */
  async progressOf(uploadId: number): Promise<(UploadProgress & { adminId: number }) | undefined> {
    const local = this.board.get(uploadId);
    if (local || !this.leases.shared) return local;
    const row = await leasedProgress(this.ctx.db, uploadId);
    if (!row?.progress || !['PARSING', 'COMMITTING'].includes(row.status) || (row.lease_until ?? '') < isoNow(this.ctx.clock)) return undefined;
    return { ...(JSON.parse(row.progress) as UploadProgress), adminId: row.updated_by ?? 0 };
  }

  /** Progress goes to the board (this instance) and, with leases, to the row (every instance). */
  private report(uploadId: number, adminId: number, progress: UploadProgress): void {
    this.board.set(uploadId, adminId, progress);
    this.leases.progress(uploadId, progress);
  }

  /** A full disk is the operator's to fix, so it is an error whatever the step; a file that cannot be read is the uploader's. */
  private logFailure(error: unknown, message: string, level: 'warn' | 'error'): void {
    if (isOutOfSpace(error)) this.log.error({ err: error }, `${message}: out of disk space, free space in DATA_DIR (or the database volume)`);
    else this.log[level]({ err: error }, message);
  }

  private fail(uploadId: number, reason: string): Promise<void> {
    return failUpload(this.ctx.db, uploadId, reason, isoNow(this.ctx.clock));
  }

  /**
   * Fails the uploads whose instance stopped, and removes their staged rows and any a store outage
   * left behind. Never one this instance is still working on: a renewal made late by a busy machine
   * must not fail live work from within.
   */
  private async sweep(): Promise<void> {
    const { db, clock, config } = this.ctx;
    for (const upload of await failInterruptedUploads(db, isoNow(clock), INTERRUPTED_REASON, this.leases.shared, this.leases.heldIds())) {
      await rm(stagingPath(config.dataDir, upload.id), { force: true });
    }
    // While the store is down, one failure says so for all of them.
    for (const upload of await leftoverStagingKeys(db)) if (!(await this.removeStaged(upload.id, upload.staging_key!))) break;
  }

  /** Deletes a finished upload's staged rows from the file store; the row keeps naming them until they are gone, for the next sweep. */
  private async removeStaged(uploadId: number, stagingKey: string): Promise<boolean> {
    try {
      await this.ctx.files.delete(stagingKey);
      await clearStagingKey(this.ctx.db, uploadId);
      return true;
    } catch (error) {
      this.log.warn({ err: error, uploadId }, 'staged rows stay in the file store until the next sweep');
      return false;
    }
  }

  /** Removes an abandoned upload's staged rows and original file; the row says so once the original is gone. */
  private async removeFiles(upload: Abandoned): Promise<boolean> {
    await rm(stagingPath(this.ctx.config.dataDir, upload.id), { force: true });
    if (upload.staging_key && !(await this.removeStaged(upload.id, upload.staging_key))) return false;
    try {
      await this.ctx.files.delete(upload.storage_key);
      await markFileRemoved(this.ctx.db, upload.id, isoNow(this.ctx.clock));
      return true;
    } catch (error) {
      this.log.warn({ err: error, uploadId: upload.id }, 'the file of a discarded or expired upload stays in the file store until the next sweep');
      return false;
    }
  }

  /** Runs a job after the answer, logging its failure; close() waits for it. */
  private background(job: () => Promise<void>): void {
    const promise = detached(job).catch((error) => this.log.error({ err: error }, 'upload job failed'));
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
  }
}
