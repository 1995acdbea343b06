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
import { redactText } from '../../audit/redact';
import { asWritten, sentence } from '../../../src/i18n/serverMessage';

type SchedulerContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'files' | 'metrics'>;

/**
 * The in-process collect scheduler. Each poll turns due schedules into tasks, then claims due tasks
 * under a lease into this instance's free slots (COLLECT_CONCURRENCY) and starts them without
 * waiting for them: a slow source holds only its own slot, and a slot that frees claims the next
 * task at once. Every instance runs the same loop; the database decides which instance gets a task.
 */
export class CollectScheduler {
  /** This instance's name on the leases it holds. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  /** The tasks this instance is running (up to COLLECT_CONCURRENCY), each with its run. */
  private readonly running = new Map<TaskRow, Promise<void>>();
  /** The ids of the tasks this instance is running: its own claims and sweeps leave them be, however late a renewal. */
  private runningIds(): number[] {
    return [...this.running.keys()].map((task) => task.id);
  }
  /** The claiming of tasks into free slots, while one is under way (one at a time, so a slot is never claimed twice). */
  private filling: Promise<void> | undefined;
  /** A slot freed while claiming: claim again once this claiming ends. */
  private refill = false;
  private ticking: Promise<number> | undefined;
  /** Tasks this instance has started, for tick()'s answer. */
  private started = 0;
  private stopping = false;
  private readonly box;
  private readonly outbound;

  constructor(
    private readonly ctx: SchedulerContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.box = secretBox(ctx.config.secretsKeys, ctx.config.jwtSecret);
    this.outbound = outboundFor(ctx.config.outboundAllow, ctx.config);
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
      void this.poll()
        .catch((error) => this.log.error({ err: error }, 'collect scheduler tick failed'))
        .finally(() => !this.stopping && this.schedule(this.settings.pollMs));
    }, delayMs);
    this.timer.unref();
  }

  /** Runs a tick soon, e.g. after "Run now", instead of waiting for the next poll. */
  wake(): void {
    if (this.settings.schedulerEnabled && !this.stopping) this.schedule(0);
  }

  /**
   * One poll, then waits until this instance has run every task it could claim (tests and tools;
   * the timer's poll does not wait). Answers how many tasks it ran.
   */
  async tick(): Promise<number> {
    while (this.ticking) await this.ticking.catch(() => undefined);
    if (this.stopping) return 0;
    const before = this.started;
    this.ticking = this.poll()
      .then(() => this.idle())
      .then(() => this.started - before);
    try {
      return await this.ticking;
    } finally {
      this.ticking = undefined;
    }
  }

  /**
   * Removes work folders left by runs that are over (a killed process cannot remove its own); at
   * start-up and before each pass, so a folder left by a quick restart goes once its lease is stale.
   */
  async sweepWork(): Promise<void> {
    try {
      const removed = await sweepWorkFolders(this.ctx.db, this.ctx.config.dataDir, this.ctx.clock.now(), this.settings.leaseMs, { owner: this.owner, ownWork: this.runningIds() });
      if (removed.length) this.log.info({ folders: removed }, 'removed work folders of collect runs that are over');
    } catch (error) {
      this.log.warn({ err: error }, 'could not sweep the collect work folders');
    }
  }

  /** Creates the due tasks and starts claimable ones in the free slots; does not wait for them to run. */
  private async poll(): Promise<void> {
    await this.sweepWork();
    await createDueTasks(this.ctx.db, this.ctx.clock.now(), this.settings.maxAttempts);
    await this.fill();
  }

  /** Claims tasks into the free slots and starts each. */
  private fill(): Promise<void> {
    if (this.filling) {
      this.refill = true;
      return this.filling;
    }
    const { db, clock } = this.ctx;
    const claim = async () => {
      do {
        this.refill = false;
        while (!this.stopping && this.running.size < (this.settings.concurrency ?? 1)) {
          const task = await claimNextTask(db, this.owner, clock.now(), this.settings.leaseMs, this.runningIds());
          if (!task) break;
          this.begin(task);
        }
      } while (this.refill && !this.stopping);
    };
    this.filling = claim()
      .catch((error: unknown) => this.log.error({ err: error }, 'collect tasks could not be claimed'))
      .finally(() => {
        this.filling = undefined;
        if (this.refill && !this.stopping) void this.fill();
      });
    return this.filling;
  }

  /** Runs a claimed task in its slot; the slot claims the next task as soon as it is free. */
  private begin(task: TaskRow): void {
    this.started++;
    const run = this.execute(task)
      .catch((error: unknown) => this.log.error({ err: error, taskId: task.id }, 'collect task could not be settled'))
      .finally(() => {
        this.running.delete(task);
        if (!this.stopping) void this.fill();
      });
    this.running.set(task, run);
  }

  /** Resolves once nothing is being claimed or run. */
  private async idle(): Promise<void> {
    while (this.filling || this.running.size) await Promise.all([this.filling, ...this.running.values()]);
  }

  /** Runs a claimed task, renewing its lease while it works, and settles it as success, retry or error. */
  async execute(task: TaskRow): Promise<void> {
    const { db, clock } = this.ctx;
    const secrets: string[] = [];
    const run: TaskRun = {
      ctx: this.ctx,
      box: this.box,
      outbound: this.outbound,
      owner: this.owner,
      // The claim stamped updated_at with the attempt's start (started_at is the run's first attempt).
      attempt: { number: task.attempt, startedAt: task.updated_at, meta: {} },
      log: (level, message) => appendLog(db, task.id, level, redactText(message, secrets), isoNow(clock)),
      hide: (secret) => void (secret && secrets.push(secret)),
      mask: (text) => redactText(text, secrets),
    };
    // Three renewals a lease: one late or lost still leaves the lease two thirds of its time.
    const renewal = setInterval(() => {
      void renewLease(db, task.id, this.owner, new Date(clock.now().getTime() + this.settings.leaseMs)).catch(() => undefined);
    }, this.settings.leaseMs / 3);
    renewal.unref();
    const { metrics } = this.ctx;
    const kind = task.task_kind === 'POST' ? 'post' : 'collect';
    const timer = metrics.tasks.startTimer({ kind });
    try {
      if (task.attempt > task.max_attempts) throw new TaskFailure('LEASE_LOST', sentence('collect.theTaskWasInterruptedOn'));
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
    const raw = asTaskFailure(error);
    // The failure's text is stored, shown and mailed: masked like every log line of the run.
    const failure = new TaskFailure(raw.errorId, asWritten(run.mask(raw.message)));
    if (failure.errorId === 'INTERNAL') this.log.error({ err: error, taskId: task.id }, 'collect task failed unexpectedly');
    const nowDate = this.ctx.clock.now();
    const now = nowDate.toISOString();
    await run.log('ERROR', sentence('collect.failedWithCode', { code: failure.errorId, reason: failure.message })).catch(() => undefined);
    if (failure.errorId === 'LEASE_LOST' && task.attempt <= task.max_attempts) return; // the new owner settles it
    const final = task.attempt >= task.max_attempts;
    if (!final) {
      const retryAt = new Date(nowDate.getTime() + this.settings.retryBaseMs * 2 ** (task.attempt - 1)).toISOString();
      const end = { outcome: 'RETRY', finishedAt: now, errorId: failure.errorId } as const;
      if (await settleTask(this.ctx.db, task, this.owner, run.attempt, end, { status: 'PENDING', run_after: retryAt, updated_at: now, ...failureValues(failure.errorId, failure.message) })) {
        // The wait, not the instant: a reader sees the line's own time in their zone, which an instant in the text would not follow.
        await run.log(
          'WARN',
          sentence('collect.attemptOfFailedRetryingIn', { attempt: task.attempt, max_attempts: task.max_attempts, round: Math.round((Date.parse(retryAt) - nowDate.getTime()) / 1000) }),
        );
      }
      return;
    }
    const end = { outcome: 'ERROR', finishedAt: now, errorId: failure.errorId } as const;
    if (await settleTask(this.ctx.db, task, this.owner, run.attempt, end, { status: 'ERROR', finished_at: now, updated_at: now, ...failureValues(failure.errorId, failure.message) })) {
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
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)));
    const outcome = await Promise.race([this.idle().then(() => 'done' as const), timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      await Promise.all([...this.running.keys()].map((task) => releaseLease(this.ctx.db, task.id, this.owner, this.ctx.clock.now()).catch(() => undefined)));
    }
  }
}
