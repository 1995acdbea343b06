import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BoundedMap } from '../bounded-map';
import { isoNow } from '../clock';
import { isSqlite, type Db } from '../db/database';
import { preparedInsert, type InsertedRow } from '../db/prepared-statement';
import { isDatabaseUnavailable } from '../db/unavailable';
import { REDACTED, redactedJson, redactPath } from './redact';

const MAX_BODY_CHARS = 4000;
/** Probes for load balancers are not user activity. */
const UNLOGGED = new Set(['/api/health', '/api/ready']);
/**
 * A row waits at most this long in memory before its insert starts: what a crash (not a graceful
 * shutdown, which flushes) can lose is the calls answered in the last 25 ms.
 */
export const SYSTEM_LOG_FLUSH_MS = 25;
/** A busy server writes sooner, in inserts of at most this many rows. */
const MAX_BATCH_ROWS = 500;
/** While the database is unavailable, rows wait in memory and are tried again this often... */
const RETRY_MS = 1000;
/** ...up to this many; beyond it the oldest go (and the loss is logged), so an outage cannot exhaust memory. */
const MAX_HELD_ROWS = 20_000;

/** A system-log row, every column named (null where it does not apply). */
export type SystemLogRow = InsertedRow<'system_logs'>;

export interface SystemLogWriter {
  write(row: SystemLogRow): void;
  /** Resolves once every row written so far is in the database (or its failure logged). */
  flush(): Promise<void>;
}

/**
 * Buffers system-log rows and writes them a batch at a time (insertRows): one statement per API
 * call cost about a quarter of an authenticated call's time. Batches are written one after
 * another, so flush() also waits for the ones already under way. A batch the database could not
 * take because it was unavailable is kept and tried again, so the calls answered 503 during an
 * outage are in the log once it is over.
 */
export function systemLogWriter(db: Db, failed: (error: unknown) => void): SystemLogWriter {
  let pending: SystemLogRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let written = Promise.resolve();
  /** True from a failed write until one succeeds: the outage is logged once, not every second. */
  let holding = false;

  const hold = (batch: SystemLogRow[], error: unknown) => {
    if (!holding) failed(error);
    holding = true;
    pending = [...batch, ...pending];
    const dropped = pending.length - MAX_HELD_ROWS;
    if (dropped > 0) {
      pending = pending.slice(dropped);
      failed(new Error(`${dropped} system-log rows dropped while the database was unavailable`));
    }
    timer ??= setTimeout(flush, RETRY_MS).unref();
  };
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending.length) return written;
    const rows = pending;
    pending = [];
    written = written.then(async () => {
      // Rows held through an outage go out a batch at a time.
      for (let from = 0; from < rows.length; from += MAX_BATCH_ROWS) {
        try {
          await insertRows(db, rows.slice(from, from + MAX_BATCH_ROWS));
          holding = false;
        } catch (error) {
          if (isDatabaseUnavailable(error)) return hold(rows.slice(from), error);
          failed(error);
        }
      }
    });
    return written;
  };
  return {
    write(row) {
      pending.push(row);
      // While holding, only the retry writes: every call trying the unavailable database would add to its load.
      if (pending.length >= MAX_BATCH_ROWS && !holding) void flush();
      else timer ??= setTimeout(flush, holding ? RETRY_MS : SYSTEM_LOG_FLUSH_MS).unref();
    },
    flush,
  };
}

const insertRow = preparedInsert('system_logs', {
  admin_id: true,
  email: true,
  event_id: true,
  end_point: true,
  http_method: true,
  http_status: true,
  query_param: true,
  request_body: true,
  request_at: true,
  source_ip: true,
});

/**
 * SQLite: one prepared row insert run per row in one transaction. A multi-row insert is a new
 * statement for every batch size, each prepared afresh (thousands of parameters) and crowding the
 * statement cache. PostgreSQL: one multi-row insert, a single round trip.
 */
function insertRows(db: Db, batch: SystemLogRow[]): Promise<unknown> {
  return isSqlite(db) ? insertRow.many(db, batch) : db.insertInto('system_logs').values(batch).execute();
}

/** An address as its row logs it: its path and its query, each with secrets redacted. */
interface LoggedUrl {
  endPoint: string;
  queryParam: string | null;
}

/**
 * Addresses logged lately, as their rows log them: an open screen calls the same list address again
 * and again, and redacting its query anew was about a fiftieth of a list call. Short addresses only,
 * so the cache stays small, and only those with nothing redacted: an address holding a secret (a
 * reset link's token) is not kept in memory past its call. Any other is redacted every time.
 */
const MAX_REMEMBERED_URL = 500;
const loggedUrls = new BoundedMap<string, LoggedUrl>(1_000);

/** Whether the log keeps `url` in memory (for the test that it keeps no address holding a secret). */
export const isAddressRemembered = (url: string): boolean => loggedUrls.has(url);

function loggedUrl(path: string, query: string | undefined): LoggedUrl {
  return {
    endPoint: redactPath(path).slice(0, 500),
    queryParam: query ? redactedJson(Object.fromEntries(new URLSearchParams(query))).slice(0, MAX_BODY_CHARS) : null,
  };
}

/** Writes one system-log row per API call, after the response, with secrets redacted. */
export const systemLog = fp(async (app: FastifyInstance) => {
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    const [path, query] = request.url.split('?', 2);
    if (!path.startsWith('/api/') || UNLOGGED.has(path)) return done();
    let url = loggedUrls.get(request.url);
    if (!url) {
      url = loggedUrl(path, query);
      const hidSomething = url.endPoint !== path || url.queryParam?.includes(REDACTED);
      if (request.url.length <= MAX_REMEMBERED_URL && !hidSomething) loggedUrls.set(request.url, url);
    }
    const body = request.body === undefined ? null : redactedJson(request.body);
    const bodyEmail = (request.body as { email?: unknown } | undefined)?.email;
    app.ctx.systemLog.write({
      admin_id: request.admin?.id ?? null,
      email: request.admin?.email ?? (typeof bodyEmail === 'string' ? bodyEmail.slice(0, 254) : null),
      event_id: request.id,
      end_point: url.endPoint,
      http_method: request.method,
      http_status: reply.statusCode,
      query_param: url.queryParam,
      request_body: body ? body.slice(0, MAX_BODY_CHARS) : null,
      request_at: isoNow(app.ctx.clock),
      // A socket closed before the answer ended may no longer know its peer.
      source_ip: request.ip ?? null,
    });
    done();
  });
});
