import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import { poolOf, type Db } from '../db/database';

/** What changed: one session, or every session of an account (its status, rank, flags or password). */
export type SessionChange = { sessionId: string } | { adminId: number };

/**
 * Carries session changes to every instance on the database, so each can drop what it cached.
 * `trusted` is false while a change could be missed (the PostgreSQL listener is not connected):
 * the cache is then bypassed, never relied on.
 */
export interface SessionBus {
  readonly trusted: boolean;
  /** Resolves once the change is on its way to every instance (on PostgreSQL: once this instance heard it back). */
  publish(change: SessionChange): Promise<void>;
  /** `change` undefined: anything may have changed (the listener reconnected). */
  subscribe(listener: (change: SessionChange | undefined) => void): void;
  close(): Promise<void>;
}

/** Apps sharing one database object in one process (SQLite: one instance per database; tests' sibling apps). */
const localBuses = new WeakMap<Db, EventEmitter>();

export function sessionBus(db: Db): SessionBus {
  const pool = poolOf(db);
  return pool ? postgresBus(db, pool) : localBus(db);
}

function localBus(db: Db): SessionBus {
  let emitter = localBuses.get(db);
  if (!emitter) localBuses.set(db, (emitter = new EventEmitter().setMaxListeners(0)));
  const listeners: ((change: SessionChange | undefined) => void)[] = [];
  return {
    trusted: true,
    async publish(change) {
      emitter.emit('change', change);
    },
    subscribe(listener) {
      listeners.push(listener);
      emitter.on('change', listener);
    },
    async close() {
      for (const listener of listeners) emitter.off('change', listener);
    },
  };
}

const CHANNEL = 'console_session_changes';
/** How long a publisher waits to hear its own notification before answering anyway. */
const ECHO_TIMEOUT_MS = 2000;
const RECONNECT_MS = 1000;
/**
 * After its own echo, how long a publisher still waits before answering: PostgreSQL sends the
 * notification to every listener at the same commit, and this gives the other instances' listeners
 * (in this process or another) time to read it before the client's next request can arrive.
 */
const SETTLE_MS = 25;

/**
 * LISTEN/NOTIFY on a connection of its own. PostgreSQL delivers a notification to every listener
 * when the writing statement commits; the publisher waits until its own listener has it and then
 * SETTLE_MS more, so by the time the change's request is answered the other instances have read it.
 */
function postgresBus(db: Db, pool: pg.Pool): SessionBus {
  const origin = randomUUID();
  let sequence = 0;
  let client: pg.Client | undefined;
  let trusted = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const listeners: ((change: SessionChange | undefined) => void)[] = [];
  const echoes = new Map<string, () => void>();
  const tell = (change: SessionChange | undefined) => listeners.forEach((listener) => listener(change));

  const lost = (broken: pg.Client) => {
    if (client !== broken) return;
    client = undefined;
    trusted = false;
    tell(undefined);
    broken.end().catch(() => undefined);
    if (!closed) retry = setTimeout(connect, RECONNECT_MS).unref();
  };
  async function connect() {
    const next = new pg.Client(pool.options);
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', ({ payload }) => {
      const { echo, ...change } = JSON.parse(payload ?? '{}') as SessionChange & { echo: string };
      echoes.get(echo)?.();
      tell(change);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (closed) return void (await next.end());
      // Whatever was cached before this connection may have missed a change.
      tell(undefined);
      trusted = client === next;
    } catch {
      lost(next);
    }
  }
  void connect();

  return {
    get trusted() {
      return trusted;
    },
    async publish(change) {
      const echo = `${origin}:${++sequence}`;
      const heard = trusted
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, ECHO_TIMEOUT_MS).unref();
            echoes.set(echo, () => (clearTimeout(timer), resolve()));
          })
        : Promise.resolve();
      try {
        await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ ...change, echo })})`.execute(db);
        await heard;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      } finally {
        echoes.delete(echo);
      }
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      trusted = false;
      await current?.end().catch(() => undefined);
    },
  };
}
