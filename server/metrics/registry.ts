import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database';
import { poolOf } from '../db/database';

/** Connection counts of a PostgreSQL pool (pg.Pool's own fields); SQLite has no pool. */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The instance's Prometheus metrics, in a registry of its own so several apps in one process (the
 * tests) do not share or double-register them.
 */
export function createMetrics(db: Db) {
  const pool: PoolStats | undefined = poolOf(db);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  const longSeconds = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];
  const metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'console_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: seconds,
      registers: [registry],
    }),
    httpInFlight: new Gauge({ name: 'console_http_requests_in_flight', help: 'HTTP requests being answered', registers: [registry] }),
    tasks: new Histogram({
      name: 'console_collect_task_duration_seconds',
      help: 'Collect and post task runs by kind and outcome (success, retry, error)',
      labelNames: ['kind', 'outcome'] as const,
      buckets: longSeconds,
      registers: [registry],
    }),
    rows: new Counter({ name: 'console_collect_rows_total', help: 'Rows mastered by collect tasks and posted by post tasks', labelNames: ['stage'] as const, registers: [registry] }),
    uploads: new Histogram({
      name: 'console_upload_duration_seconds',
      help: 'Manual upload stages (check, commit) by outcome',
      labelNames: ['stage', 'outcome'] as const,
      buckets: longSeconds,
      registers: [registry],
    }),
    uploadRows: new Counter({ name: 'console_upload_rows_total', help: 'Rows written by committed manual uploads', registers: [registry] }),
    mails: new Counter({ name: 'console_mails_total', help: 'Mails by outcome (sent over SMTP, logged without SMTP, failed)', labelNames: ['outcome'] as const, registers: [registry] }),
  };
  // Read at scrape time: the queue as the database holds it, whichever instance made it.
  new Gauge({
    name: 'console_collect_tasks',
    help: 'Collect and post tasks by kind and state, in the database',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('collect_tasks')
        .select(['task_kind', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy(['task_kind', 'status'])
        .execute();
      this.reset();
      for (const row of rows) this.set({ kind: row.task_kind.toLowerCase(), state: row.status }, Number(row.count));
    },
  });
  if (pool) {
    new Gauge({
      name: 'console_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;
