import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { RecordEvent } from '../../src/shared/live-events';
import { detached, poolOf, whenCommitted, type Db } from '../db/database';
import { inTurn } from '../db/in-turn';

/** What changed: one session, or every session of an account (its status, rank, flags or password). */
export type SessionChange = { sessionId: string } | { adminId: number };

/**
 * A record about to be deleted (server/live): published, and so acknowledged, before the delete, while
 * every instance can still read the record as each of its subscribers to learn who may hear of it.
 */
export type BusNotice = SessionChange | { deleting: { resource: string; id: string } };

/** A record change as the bus carries it: the event and the session that made it (not told its own change). */
export interface RecordNotice {
  event: RecordEvent;
  sessionId: string;
}

/** A listener; a notice is acknowledged once the promise it answers settles. */
type Listener = (change: BusNotice | undefined) => void | Promise<unknown>;

/**
 * Carries session changes to every instance on the database, so each can drop what it cached.
 * `trusted` is false while a change could be missed (the PostgreSQL listener is not connected):
 * the cache is then bypassed, never relied on.
 */
export interface SessionBus {
  readonly trusted: boolean;
  /**
   * Resolves once every instance has dropped what the change affects (on PostgreSQL: once every
   * listener that was connected acknowledged it, or after ECHO_TIMEOUT_MS if one did not).
   */
  publish(change: BusNotice): Promise<void>;
  /** `change` undefined: anything may have changed (the listener reconnected). */
  subscribe(listener: Listener): void;
  /**
   * Tells every instance of a committed record change, unacknowledged. Sent through `db` where a
   * transaction is open: PostgreSQL delivers it at the commit, and never for a rolled-back write.
   */
  announce(notice: RecordNotice): Promise<void>;
  onRecord(listener: (notice: RecordNotice) => void): void;
  close(): Promise<void>;
}

/** Apps sharing one database object in one process (SQLite: one instance per database; tests' sibling apps). */
const localBuses = new WeakMap<Db, { notices: Set<Listener>; records: EventEmitter }>();
const told = (listeners: Iterable<Listener>, change: BusNotice | undefined) => Promise.allSettled([...listeners].map(async (listener) => listener(change)));

export function sessionBus(db: Db): SessionBus {
  const pool = poolOf(db);
  return pool ? postgresBus(db, pool) : localBus(db);
}

function localBus(db: Db): SessionBus {
  let shared = localBuses.get(db);
  if (!shared) localBuses.set(db, (shared = { notices: new Set(), records: new EventEmitter().setMaxListeners(0) }));
  const { notices, records } = shared;
  const listeners: Listener[] = [];
  const recordListeners: ((notice: RecordNotice) => void)[] = [];
  return {
    trusted: true,
    async publish(change) {
      await told(notices, change);
    },
    subscribe(listener) {
      listeners.push(listener);
      notices.add(listener);
    },
    // Once committed: told sooner, a subscriber could read the record as it was.
    announce: (notice) => whenCommitted(async () => void records.emit('record', notice)),
    onRecord(listener) {
      recordListeners.push(listener);
      records.on('record', listener);
    },
    async close() {
      for (const listener of listeners) notices.delete(listener);
      for (const listener of recordListeners) records.off('record', listener);
    },
  };
}

/**
 * The bus's names on one database schema (one deployment): the channel changes go out on, the one
 * a listener acknowledges on once its instance has applied a change, and every listener's
 * application_name, by which publishers find the listeners to wait for. Deployments (and test
 * runs) sharing a database in separate schemas neither hear nor wait for each other.
 */
export function busNames(schema: string): { changes: string; acks: string; records: string; applicationName: string } {
  const tag = createHash('sha1').update(schema).digest('hex').slice(0, 12);
  return { changes: `console_session_changes_${tag}`, acks: `console_session_acks_${tag}`, records: `console_record_changes_${tag}`, applicationName: `console_session_bus_${tag}` };
}
/** How long a publisher waits for the acknowledgements before answering anyway (an instance may have died). */
const ECHO_TIMEOUT_MS = 2000;
const RECONNECT_MS = 1000;
/** How long committed record notices wait to go out together (screens have 2 s to learn of a change). */
const GATHER_NOTICES_MS = 5;
/** NOTIFY takes at most 8,000 bytes of payload: notices go out in arrays under this. */
const NOTICE_BATCH_BYTES = 7_000;

/** JSON arrays of the notices (each JSON already), in order, each under NOTICE_BATCH_BYTES. */
export function noticeBatches(notices: readonly string[]): string[] {
  const batches: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const notice of notices) {
    const size = Buffer.byteLength(notice) + 1;
    if (batch.length > 0 && bytes + size > NOTICE_BATCH_BYTES) {
      batches.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(notice);
    bytes += size;
  }
  if (batch.length > 0) batches.push(`[${batch.join(',')}]`);
  return batches;
}
/**
 * How often the listening connection is asked a trivial query. A connection a failover or a cut
 * network path left silent raises no error of its own; the query's read timeout (server/db/database.ts)
 * ends it, and the bus is untrusted until it listens again.
 */
const HEARTBEAT_MS = 5000;

/**
 * LISTEN/NOTIFY on a connection of its own, named as busNames says. Each listener applies a
 * change and then acknowledges it on its connection; the publisher lists the bus connections on the
 * database (pg_stat_activity shows every role their pid and application_name) before notifying, and
 * answers once each of those backends has acknowledged, so the change's request is answered only
 * after every instance has dropped its cached sessions.
 */
function postgresBus(db: Db, pool: pg.Pool): SessionBus {
  const origin = randomUUID();
  let sequence = 0;
  let client: pg.Client | undefined;
  let trusted = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const listeners: Listener[] = [];
  const recordListeners: ((notice: RecordNotice) => void)[] = [];
  /** A publish waiting for acknowledgements, by echo: called with the acknowledging backend's pid. */
  const waiting = new Map<string, (pid: number) => void>();
  const tell = (change: BusNotice | undefined) => told(listeners, change);
  let named: Promise<ReturnType<typeof busNames>> | undefined;
  const names = () =>
    (named ??= sql<{ schema: string }>`select current_schema() as schema`.execute(db).then(
      ({ rows }) => busNames(rows[0].schema),
      (error: unknown) => {
        named = undefined;
        throw error;
      },
    ));

  const lost = (broken: pg.Client) => {
    if (client !== broken) return;
    client = undefined;
    trusted = false;
    clearInterval(heartbeat);
    void tell(undefined);
    broken.end().catch(() => undefined);
    if (!closed) retry = setTimeout(connect, RECONNECT_MS).unref();
  };
  async function connect() {
    const next = new pg.Client(pool.options);
    client = next;
    // Acknowledgements heard together and the heartbeat wait their turn on the listening connection.
    const ask = inTurn((text: string, values?: unknown[]) => next.query(text, values));
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', ({ channel, payload = '', processId }) => {
      if (channel === channels?.records) {
        // An array of notices; a single one from an instance of an earlier version.
        const notices = JSON.parse(payload) as RecordNotice | RecordNotice[];
        for (const notice of Array.isArray(notices) ? notices : [notices]) recordListeners.forEach((listener) => listener(notice));
        return;
      }
      if (channel !== channels?.changes) return void waiting.get(payload)?.(processId);
      const { echo, ...change } = JSON.parse(payload || '{}') as BusNotice & { echo?: string };
      // Acknowledged once applied (a deletion's readers asked); a failed query also breaks the connection, which `lost` handles.
      void tell(change).then(() => {
        if (echo) ask('select pg_notify($1, $2)', [channels!.acks, echo]).catch(() => undefined);
      });
    });
    let channels: ReturnType<typeof busNames> | undefined;
    try {
      channels = await names();
      await next.connect();
      await ask(`LISTEN ${channels.changes}`);
      await ask(`LISTEN ${channels.acks}`);
      await ask(`LISTEN ${channels.records}`);
      // Named only once listening, so every connection a publisher waits for hears its change.
      // SET rather than the client option: a connection string's application_name would override that.
      await ask(`SET application_name = '${channels.applicationName}'`);
      if (closed) return void (await next.end());
      // Whatever was cached before this connection may have missed a change.
      await tell(undefined);
      if (client !== next) return void (await next.end());
      trusted = true;
      heartbeat = setInterval(() => void ask('select 1').catch(() => lost(next)), HEARTBEAT_MS).unref();
    } catch {
      lost(next);
    }
  }
  void connect();

  // Record notices committed within GATHER_NOTICES_MS go out in one NOTIFY (an array), after the
  // commit and off the save's path: a NOTIFY in each save's transaction was one more round trip
  // per save. One lost to a crash between a commit and its NOTIFY leaves a screen to learn of the
  // change at its next refresh, as one whose stream was down does.
  let noticesToSend: string[] = [];
  let sending: NodeJS.Timeout | undefined;
  // Each gathering goes out after the one before, so notices arrive in the order their saves committed.
  const notifyInTurn = inTurn(notifyRecords);
  let sent = Promise.resolve();
  function sendNotices(): Promise<void> {
    sending = undefined;
    const notices = noticesToSend;
    noticesToSend = [];
    if (notices.length > 0) sent = notifyInTurn(notices);
    return sent;
  }
  async function notifyRecords(notices: readonly string[]): Promise<void> {
    const channel = (await names().catch(() => undefined))?.records;
    if (!channel) return;
    for (const payload of noticeBatches(notices)) await sql`select pg_notify(${channel}, ${payload})`.execute(db).catch(() => undefined);
  }

  const notify = async (change: BusNotice, echo: string) => sql`select pg_notify(${(await names()).changes}, ${JSON.stringify({ ...change, echo })})`.execute(db);

  return {
    get trusted() {
      return trusted;
    },
    async publish(change) {
      const echo = `${origin}:${++sequence}`;
      // Untrusted, this instance cannot hear acknowledgements; its own cache is bypassed meanwhile.
      if (!trusted) return void (await notify(change, echo));
      const { applicationName } = await names();
      const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${applicationName} and datname = current_database()`.execute(db);
      const pending = new Set(rows.map((row) => row.pid));
      const acknowledged = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ECHO_TIMEOUT_MS).unref();
        const done = () => (clearTimeout(timer), resolve());
        waiting.set(echo, (pid) => {
          if (pending.delete(pid) && pending.size === 0) done();
        });
        if (pending.size === 0) done();
      });
      try {
        await notify(change, echo);
        await acknowledged;
      } finally {
        waiting.delete(echo);
      }
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    announce: (notice) =>
      whenCommitted(async () => {
        noticesToSend.push(JSON.stringify(notice));
        // A timer of its own, outside the save's transaction and its answer.
        sending ??= detached(() => setTimeout(() => void sendNotices(), GATHER_NOTICES_MS));
      }),
    onRecord(listener) {
      recordListeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearTimeout(sending);
      await sendNotices();
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      trusted = false;
      await current?.end().catch(() => undefined);
    },
  };
}
