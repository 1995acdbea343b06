import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { isoNow } from '../../clock';
import { recordFailure, recordSuccess } from './alerts';
import { runCollectTask, runPostTask, type TaskRun } from './run-task';
import { outboundFor } from '../../outbound/outbound-fetch';
import { secretBox } from '../../secrets/secret-box';
import { appendLog, claimNextTask, createDueTasks, failureValues, releaseLease, renewLease, settleTask, type TaskRow } from './task-store';
import { asTaskFailure, TaskFailure } from './task-failure';
import { sweepWorkFolders } from './work-folder';

type SchedulerContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'files' | 'metrics'>;

/**
 * The in-process collect scheduler. Each tick turns due schedules into tasks, then claims and runs
 * due tasks under a lease, COLLECT_CONCURRENCY at a time, until none is left. Every instance runs the same loop; the
 * database decides which instance gets a task.
 */
export class CollectScheduler {
  /** This instance's name on the leases it holds. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<number> | undefined;
  /** The tasks this instance is running (up to COLLECT_CONCURRENCY). */
  private readonly running = new Set<TaskRow>();
  private stopping = false;
  private readonly box;
  private readonly outbound;

  constructor(
    private readonly ctx: SchedulerContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.box = secretBox(ctx.config.secretsKeys, ctx.config.jwtSecret);
    this.outbound = outboundFor(ctx.config.outboundAllow);
  }

  private get settings() {
    return this.ctx.config.collect;
  }

  /** Starts polling (unless the config turns the scheduler off). */
  start(): void {
    if (!this.settings.schedulerEnabled || this.stopping) return;
    this.schedule(this.settings.pollMs);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.tick()
        .catch((error) => this.log.error({ err: error }, 'collect scheduler tick failed'))
        .finally(() => !this.stopping && this.schedule(this.settings.pollMs));
    }, delayMs);
    this.timer.unref();
  }

  /** Runs a tick soon, e.g. after "Run now", instead of waiting for the next poll. */
  wake(): void {
    if (this.settings.schedulerEnabled && !this.stopping) this.schedule(0);
  }

  /** One pass: create due tasks, then run claimable tasks until none is left. Answers how many ran. */
  async tick(): Promise<number> {
    while (this.loop) await this.loop.catch(() => undefined);
    if (this.stopping) return 0;
    this.loop = this.runDue();
    try {
      return await this.loop;
    } finally {
      this.loop = undefined;
    }
  }

  /**
   * Removes work folders left by runs that are over (a killed process cannot remove its own); at
   * start-up and before each pass, so a folder left by a quick restart goes once its lease is stale.
   */
  async sweepWork(): Promise<void> {
    try {
      const removed = await sweepWorkFolders(this.ctx.db, this.ctx.config.dataDir, this.ctx.clock.now(), this.settings.leaseMs);
      if (removed.length) this.log.info({ folders: removed }, 'removed work folders of collect runs that are over');
    } catch (error) {
      this.log.warn({ err: error }, 'could not sweep the collect work folders');
    }
  }

  private async runDue(): Promise<number> {
    const { db, clock } = this.ctx;
    await this.sweepWork();
    await createDueTasks(db, clock.now(), this.settings.maxAttempts);
    // COLLECT_CONCURRENCY workers, each claiming and running tasks until none is left.
    const worker = async () => {
      let ran = 0;
      while (!this.stopping) {
        const task = await claimNextTask(db, this.owner, clock.now(), this.settings.leaseMs);
        if (!task) break;
        this.running.add(task);
        try {
          await this.execute(task);
        } finally {
          this.running.delete(task);
        }
        ran++;
      }
      return ran;
    };
    const counts = await Promise.all(Array.from({ length: this.settings.concurrency ?? 1 }, worker));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Runs a claimed task, renewing its lease while it works, and settles it as success, retry or error. */
  async execute(task: TaskRow): Promise<void> {
    const { db, clock } = this.ctx;
    const run: TaskRun = {
      ctx: this.ctx,
      box: this.box,
      outbound: this.outbound,
      owner: this.owner,
      log: (level, message) => appendLog(db, task.id, level, message, isoNow(clock)),
    };
    const renewal = setInterval(
      () => {
        void renewLease(db, task.id, this.owner, new Date(clock.now().getTime() + this.settings.leaseMs)).catch(() => undefined);
      },
      Math.max(1000, this.settings.leaseMs / 3),
    );
    renewal.unref();
    const { metrics } = this.ctx;
    const kind = task.task_kind === 'POST' ? 'post' : 'collect';
    const timer = metrics.tasks.startTimer({ kind });
    try {
      if (task.attempt > task.max_attempts) throw new TaskFailure('LEASE_LOST', 'The task was interrupted on its last attempt (its server stopped or its lease expired).');
      const rows = task.task_kind === 'POST' ? await runPostTask(run, task) : await runCollectTask(run, task);
      metrics.rows.inc({ stage: task.task_kind === 'POST' ? 'posted' : 'mastered' }, rows);
      timer({ outcome: 'success' });
      await recordSuccess(this.ctx, task);
    } catch (error) {
      timer({ outcome: task.attempt >= task.max_attempts ? 'error' : 'retry' });
      await this.fail(run, task, error);
    } finally {
      clearInterval(renewal);
    }
  }

  private async fail(run: TaskRun, task: TaskRow, error: unknown): Promise<void> {
    const failure = asTaskFailure(error);
    if (failure.errorId === 'INTERNAL') this.log.error({ err: error, taskId: task.id }, 'collect task failed unexpectedly');
    const nowDate = this.ctx.clock.now();
    const now = nowDate.toISOString();
    await run.log('ERROR', `${failure.errorId}: ${failure.message}`).catch(() => undefined);
    if (failure.errorId === 'LEASE_LOST' && task.attempt <= task.max_attempts) return; // the new owner settles it
    const final = task.attempt >= task.max_attempts;
    if (!final) {
      const retryAt = new Date(nowDate.getTime() + this.settings.retryBaseMs * 2 ** (task.attempt - 1)).toISOString();
      if (await settleTask(this.ctx.db, task.id, this.owner, { status: 'PENDING', run_after: retryAt, updated_at: now, ...failureValues(failure.errorId, failure.message) })) {
        await run.log('WARN', `Attempt ${task.attempt} of ${task.max_attempts} failed; retrying at ${retryAt}.`);
      }
      return;
    }
    if (await settleTask(this.ctx.db, task.id, this.owner, { status: 'ERROR', finished_at: now, updated_at: now, ...failureValues(failure.errorId, failure.message) })) {
      await recordFailure(this.ctx, task, failure.errorId, failure.message).catch((mailError) => this.log.error({ err: mailError, taskId: task.id }, 'collect alert failed'));
    }
  }

  /**
   * Stops polling and lets the running tasks finish within the grace time; tasks still running
   * after it are handed back (their leases released) so another instance takes them over at once.
   */
  async stop(graceMs = Math.min(this.ctx.config.shutdownGraceMs / 2, 15_000)): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    if (!this.loop) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)));
    const outcome = await Promise.race([
      this.loop.then(
        () => 'done' as const,
        () => 'done' as const,
      ),
      timedOut,
    ]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      await Promise.all([...this.running].map((task) => releaseLease(this.ctx.db, task.id, this.owner, this.ctx.clock.now()).catch(() => undefined)));
    }
  }
}
