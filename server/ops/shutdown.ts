import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long draining may take before the process gives up and exits non-zero. */
  graceMs: number;
  /** Closes what the app does not own (main opens the database and hands it to buildApp). */
  closeResources: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests and the scheduler's running
 * step finish (app.close() runs every onClose hook), close the database, flush the log, exit 0.
 * Past the grace period the process exits 1 with a log line naming what was cut short.
 */
export function exitGracefullyOnSignals(app: FastifyInstance, options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} received again; still shutting down (at most ${options.graceMs} ms)`);
      return;
    }
    closing = true;
    const startedAt = Date.now();
    app.log.info(`${signal} received: no new connections; finishing in-flight requests (grace period ${options.graceMs} ms)`);
    const deadline = setTimeout(() => {
      app.log.error(`Shutdown did not finish within SHUTDOWN_GRACE_MS (${options.graceMs} ms): exiting with work still in flight`);
      flushLog(app).finally(() => exit(1));
    }, options.graceMs);
    deadline.unref();
    try {
      await app.close();
      await options.closeResources();
      app.log.info(`Shut down cleanly in ${Date.now() - startedAt} ms`);
      await flushLog(app);
      clearTimeout(deadline);
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      await flushLog(app);
      clearTimeout(deadline);
      exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** pino buffers when logging through a transport (pino-pretty on a terminal); wait for it. */
function flushLog(app: FastifyInstance): Promise<void> {
  const logger = app.log as unknown as { flush?: (done: () => void) => void };
  return new Promise((resolve) => (typeof logger.flush === 'function' ? logger.flush(() => resolve()) : resolve()));
}
