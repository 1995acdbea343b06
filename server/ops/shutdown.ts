import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long draining may take before the process gives up and exits non-zero. */
  graceMs: number;
  /** Closes what the app does not own (main opens the database and hands it to buildApp). */
  closeResources: () => Promise<void>;
  exit?: (code: number) => void;
}

/** How long past the grace period a process whose exit is stuck (a blocking write) lives before it is killed. */
export const WATCHDOG_MARGIN_MS = 1000;
/** The longest the last log lines may take to reach stdout before the process exits without them. */
const LOG_SETTLE_MS = 1000;

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests and the scheduler's running
 * step finish (app.close() runs every onClose hook), close the database, flush the log, exit 0.
 * Past the grace period the process exits 1 with a log line naming what was cut short.
 * A stdout or stderr whose reader has gone (EPIPE) or stopped reading never keeps the process
 * alive: broken-pipe errors are ignored, the log gets a bounded time to drain, and a watchdog
 * thread kills the process WATCHDOG_MARGIN_MS after the grace period if exiting itself is stuck.
 */
export function exitGracefullyOnSignals(app: FastifyInstance, options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  ignoreBrokenStdio();
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} received again; still shutting down (at most ${options.graceMs} ms)`);
      return;
    }
    closing = true;
    const startedAt = Date.now();
    if (!options.exit) startWatchdog(options.graceMs + WATCHDOG_MARGIN_MS);
    app.log.info(`${signal} received: no new connections; finishing in-flight requests (grace period ${options.graceMs} ms)`);
    let finished = false;
    const deadline = setTimeout(() => {
      finished = true;
      app.log.error(`Shutdown did not finish within SHUTDOWN_GRACE_MS (${options.graceMs} ms): exiting with work still in flight`);
      void flushLog(app, Math.min(LOG_SETTLE_MS, WATCHDOG_MARGIN_MS / 2)).finally(() => exit(1));
    }, options.graceMs);
    deadline.unref();
    const finish = async (code: number) => {
      if (finished) return; // the deadline is already exiting
      clearTimeout(deadline);
      finished = true;
      await flushLog(app, Math.max(0, Math.min(LOG_SETTLE_MS, startedAt + options.graceMs - Date.now())));
      exit(code);
    };
    try {
      await app.close();
      await options.closeResources();
      app.log.info(`Shut down cleanly in ${Date.now() - startedAt} ms`);
      await finish(0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      await finish(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

let stdioGuarded = false;

/**
 * A closed stdout/stderr (the log shipper or terminal went away) makes writes fail with EPIPE,
 * emitted as an 'error' that would otherwise be thrown as uncaught. Logging is lost, serving is not.
 */
export function ignoreBrokenStdio(): void {
  if (stdioGuarded) return;
  stdioGuarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
      throw error;
    });
  }
}

/**
 * A thread of its own that kills the process after `ms`: the main thread's timers cannot fire
 * while a synchronous write blocks it (a full pipe nobody reads), the one case the deadline misses.
 */
function startWatchdog(ms: number): void {
  try {
    const worker = new Worker(`Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms}); process.kill(process.pid, 'SIGKILL');`, {
      eval: true,
      execArgv: [],
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
    });
    worker.on('error', () => undefined);
    worker.unref();
  } catch {
    // No thread (out of memory): the deadline timer still applies.
  }
}

/** The destination of pino's default logger (sonic-boom on fd 1), as far as this file relies on it. */
interface SonicBoomLike {
  _writing: boolean;
  _len: number;
  flushSync: () => void;
  once(event: 'drain' | 'error', listener: () => void): unknown;
  off(event: 'drain' | 'error', listener: () => void): unknown;
}

function logDestination(log: unknown): SonicBoomLike | undefined {
  for (let target = log as object | null; target; target = Object.getPrototypeOf(target)) {
    const symbol = Object.getOwnPropertySymbols(target).find((s) => s.description === 'pino.stream');
    if (!symbol) continue;
    const stream = (target as Record<symbol, unknown>)[symbol] as Partial<SonicBoomLike> | undefined;
    const looksLikeSonicBoom = stream && typeof stream._writing === 'boolean' && typeof stream._len === 'number' && typeof stream.flushSync === 'function';
    return looksLikeSonicBoom ? (stream as SonicBoomLike) : undefined;
  }
  return undefined;
}

/**
 * Waits at most `withinMs` for the log lines still buffered to reach stdout. pino's destination
 * writes asynchronously and flushes what is left synchronously on process exit; sonic-boom retries
 * that synchronous write forever when stdout is closed (EPIPE) or full, which kept a process whose
 * log reader had gone from ever exiting. So the last lines get a bounded, asynchronous chance (an
 * EPIPE there makes pino stop logging), and what is still pending after it is dropped.
 */
async function flushLog(app: FastifyInstance, withinMs: number): Promise<void> {
  const stream = logDestination(app.log);
  if (!stream) {
    // A transport (pino-pretty on a terminal) buffers in a thread; its flush is bounded by the watchdog.
    const logger = app.log as unknown as { flush?: (done: () => void) => void };
    await new Promise<void>((resolve) => (typeof logger.flush === 'function' ? logger.flush(() => resolve()) : resolve()));
    return;
  }
  if (stream._writing || stream._len > 0) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stream.off('drain', done);
        stream.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, withinMs);
      stream.once('drain', done);
      stream.once('error', done);
    });
  }
  if (stream._writing || stream._len > 0) stream.flushSync = () => undefined;
}
