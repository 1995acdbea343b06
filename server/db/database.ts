import { AsyncLocalStorage } from 'node:async_hooks';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  sql,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type Transaction,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { naturalKey } from './natural-key';
import { WriteCounter } from './write-counter';
import { isDatabaseUnavailable } from './unavailable';
import { checkpointInBackground } from './wal-checkpoints';
import { inTurn } from './in-turn';
import { LiteralLimits } from './literal-limits';

export type Db = Kysely<Database>;

export interface DatabaseTarget {
  /** postgres:// URL; when absent the embedded SQLite file is used. */
  databaseUrl?: string;
  sqlitePath: string;
  /** PostgreSQL schema to work in (tests isolate each file in its own schema). */
  pgSchema?: string;
  /** PostgreSQL: no statement or read timeout (start-up migrations, which may build indexes on big tables). */
  unhurried?: boolean;
}

/** Each PostgreSQL database's pool, for the connection metrics. */
const pools = new WeakMap<Kysely<any>, pg.Pool>();

/** Each SQLite database's connection and statement cache, for statements run without Kysely's executor. */
export interface SqliteHandle {
  connection: SqliteDatabase.Database;
  prepare(text: string): SqliteDatabase.Statement;
}
const sqliteHandles = new WeakMap<Kysely<any>, SqliteHandle>();

/**
 * SQLite's page cache, in KiB: the working set of keyset pages and counts. Every appended page
 * (a system-log row per request) stays in it until it is full, so a larger cache is RSS a server
 * under load grows into for minutes: 64 MiB took 90 s to fill and bought no list any speed
 * (bench/lists.ts at 1M rows, decisions.md). A bulk commit spills to the WAL at the same size.
 */
const PAGE_CACHE_KIB = 16 * 1024;

/**
 * PostgreSQL timeouts, so a database that is down, hung or overloaded costs a request at most
 * CONNECT + READ (9 s) before it is answered 503 DATABASE_UNAVAILABLE (server/db/unavailable.ts).
 * CONNECT bounds both opening a connection and waiting for a free one of the pool.
 */
const CONNECT_TIMEOUT_MS = 3_000;
/** The server cancels a statement running longer (a lock wait, an overloaded server): it holds its connection no longer. */
const STATEMENT_TIMEOUT_MS = 5_000;
/** A connection silent this long is dropped: a hung server or a cut network path sends nothing, not even an error. */
const READ_TIMEOUT_MS = 6_000;
/** pg's largest read timeout (setTimeout's bound): in effect none, for unhurried work. */
const NO_READ_TIMEOUT_MS = 2 ** 31 - 1;
/** The statement unhurried() opens its transaction with; the pool's wrapper lifts the read timeout on seeing it. */
const UNHURRIED = 'set local statement_timeout = 0';

export function openDatabase(target: DatabaseTarget): Db {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(target.unhurried ? {} : { statement_timeout: STATEMENT_TIMEOUT_MS, query_timeout: READ_TIMEOUT_MS }),
      ...(target.pgSchema ? { options: `-c search_path=${target.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialectJoining({ pool: withPreparedReads(pool) }), plugins: [new WriteCounter()] });
    pools.set(db, pool);
    return db;
  }
  mkdirSync(dirname(target.sqlitePath), { recursive: true, mode: 0o700 });
  const sqlite = new SqliteDatabase(target.sqlitePath);
  // Owner-only, also for a file an older version created world-readable; SQLite gives the WAL
  // and shared-memory files it creates later the database file's mode.
  for (const file of [target.sqlitePath, `${target.sqlitePath}-wal`, `${target.sqlitePath}-shm`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
  // A server's settings: WAL for concurrent readers, NORMAL sync is durable under WAL,
  // a page cache for the indexes, and a busy timeout instead of instant SQLITE_BUSY.
  const walMode = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.function('natural_key', { deterministic: true }, naturalKey);
  const statements = withStatementCache(sqlite, walMode ? checkpointInBackground(sqlite, target.sqlitePath) : () => undefined);
  const db = new Kysely<Database>({ dialect: new SqliteDialectKeepingCause(sqlite, { database: statements }), plugins: [new WriteCounter(), new LiteralLimits()] });
  sqliteHandles.set(db, { connection: sqlite, prepare: statements.prepare });
  return db;
}

/**
 * SQLite ends a transaction by itself on some failures (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM):
 * Kysely's ROLLBACK would then fail with "cannot rollback - no transaction is active" and that,
 * not the cause, would be thrown. The rollback is skipped when no transaction is open.
 */
class SqliteDialectKeepingCause extends SqliteDialect {
  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly config: SqliteDialectConfig,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const { sqlite } = this;
    return new JoiningDriver(
      new (class extends SqliteDriver {
        // IMMEDIATE: the database's write lock from the transaction's first statement, so a save reads
        // the record it compares and writes with no other process's write in between (record-lock.ts).
        override async beginTransaction(connection: DatabaseConnection): Promise<void> {
          await connection.executeQuery(CompiledQuery.raw('begin immediate'));
        }

        override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
          if (sqlite.inTransaction) await super.rollbackTransaction(connection);
        }
      })(this.config),
    );
  }
}

class PostgresDialectJoining extends PostgresDialect {
  override createDriver(): Driver {
    return new JoiningDriver(super.createDriver());
  }
}

/** The transaction of one sharedTransaction call: its connection once begun, and whether it has ended. */
interface Shared {
  connection?: DatabaseConnection;
  /** Transactions begun inside it, each a savepoint. */
  depth: number;
  done: boolean;
  /** Its connection went back: nothing that joined it may hand the connection back again. */
  released: boolean;
  /** Work waiting for the commit (whenCommitted). */
  committed: (() => Promise<void>)[];
  /** The database it was begun on and its transaction handle, for statements run straight on its SQLite connection (sqliteHandleIn). */
  db: Db;
  trx?: Transaction<Database>;
}
const shared = new AsyncLocalStorage<Shared>();
const openShared = () => {
  const held = shared.getStore();
  return held && !held.done && held.connection ? held : undefined;
};
/** The sharedTransaction of this call whose connection `connection` is, open or ended. */
const sharing = (connection: DatabaseConnection) => {
  const held = shared.getStore();
  return held?.connection === connection ? held : undefined;
};

/**
 * Runs `work` in one transaction that every query made on its behalf joins, through any handle of
 * this database: a store's own statements, a transaction it begins (a savepoint inside this one)
 * and the activity entry the work writes with `trx`. A factory save and its activity entry are so
 * one commit (or none), without every store and hook taking a transaction handle of its own.
 * Work it starts that outlives it (a mail, a job after the answer) is started through detached().
 */
export function sharedTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const held: Shared = { depth: 0, done: false, released: false, committed: [], db };
  return shared.run(held, async () => {
    let result: T;
    try {
      result = await db.transaction().execute((trx) => work((held.trx = trx)));
    } finally {
      held.done = true;
    }
    // Only once committed, outside it, and before the answer: a rolled-back write tells no one.
    await detached(() => Promise.all(held.committed.map((run) => run())));
    return result;
  });
}

/**
 * Runs `work` once the sharedTransaction this call is in has committed (at once outside one): what
 * other instances must learn of a change (sessions to drop) is told when they can read it, not
 * before, when they would read the old row again and keep it.
 */
export function whenCommitted(work: () => Promise<void>): Promise<void> {
  const held = openShared();
  if (!held) return work();
  held.committed.push(work);
  return Promise.resolve();
}

/**
 * Starts work that goes on after the call starting it (a mail, an upload's job) apart from any
 * sharedTransaction that call is in: it would otherwise join that transaction and still be using
 * its connection after the commit, with whatever request the connection serves next.
 */
export function detached<T>(start: () => T): T {
  return shared.exit(start);
}

/** A driver whose connection is handed to every query of a sharedTransaction while it is open. */
class JoiningDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return openShared()?.connection ?? this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const joined = openShared();
    if (joined?.connection === connection) {
      await connection.executeQuery(CompiledQuery.raw(`savepoint joined_${++joined.depth}`));
      return;
    }
    await this.inner.beginTransaction(connection, settings);
    const held = shared.getStore();
    if (held && !held.done && !held.connection) held.connection = connection;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const joined = sharing(connection);
    if (joined && joined.depth > 0) {
      // Committing would end whatever transaction the connection now holds, not its own.
      if (joined.done) throw new Error('a transaction begun inside a shared transaction outlived it');
      await connection.executeQuery(CompiledQuery.raw(`release savepoint joined_${joined.depth--}`));
      return;
    }
    if (joined) joined.done = true;
    await this.inner.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const joined = sharing(connection);
    if (joined && joined.depth > 0) {
      if (joined.done) return; // The shared transaction has ended, and its savepoints with it.
      const name = `joined_${joined.depth--}`;
      await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
      await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
      return;
    }
    if (joined) joined.done = true;
    await this.inner.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // The shared connection goes back once: when the transaction that began it has ended.
    const joined = sharing(connection);
    if (joined && (!joined.done || joined.released)) return;
    if (joined) joined.released = true;
    await this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Distinct PostgreSQL statements given a name (each connection keeps every named statement it has prepared). */
const NAMED_STATEMENTS = 500;

/**
 * PostgreSQL parses an unnamed statement on every call; a named one once per connection.
 * Each call is still planned for its own values (plan_cache_mode, set on every connection): after
 * five calls PostgreSQL may otherwise switch to a generic plan that cannot see a filter's values,
 * and the tasks board's seven days, which hold nearly every task, went from 1 ms to 80 ms as the
 * generic plan read them through the created_at index and sorted them. Only reads are named, and none with `*`: a prepared `select *` fails after its table
 * gains a column ("cached plan must not change result type"), and writes carry row counts that
 * vary (multi-row inserts), which would name a statement per count.
 */
function withPreparedReads(pool: pg.Pool) {
  // A database restart or failover ends every connection with an 'error' event; unheard, Node
  // ends the process. An idle connection's error reaches the pool (which has dropped it); one that
  // is checked out fails its query, or the next, and is dropped on release (pg marks it not queryable).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // A connection's queries run in order, so this SET precedes whatever the pool hands it out for.
    void client.query('SET plan_cache_mode = force_custom_plan').catch(() => undefined);
  });
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS && /^\s*select\b/i.test(text) && !text.includes('*')) {
      names.set(text, (name = `s${names.size}`));
    }
    return name;
  };
  const clients = new WeakMap<pg.PoolClient, { query: pg.PoolClient['query']; release: pg.PoolClient['release'] }>();
  return {
    async connect() {
      const client = await pool.connect();
      let named = clients.get(client);
      if (!named) {
        // Per checkout: the connection failed (a new one is opened rather than reusing it), or runs unhurried work.
        let broken = false;
        let unhurried = false;
        const send = async (text: unknown, values?: unknown[]) => {
          const name = typeof text === 'string' ? nameOf(text) : undefined;
          if (text === UNHURRIED) unhurried = true;
          try {
            return await client.query({ name, text: text as string, values, ...(unhurried ? { query_timeout: NO_READ_TIMEOUT_MS } : {}) });
          } catch (error) {
            broken ||= isDatabaseUnavailable(error);
            throw error;
          }
        };
        // Reads a transaction starts together (Promise.all) wait here for the one before, not in pg's own queue.
        const query = inTurn(send) as pg.PoolClient['query'];
        const release = (error?: Error | boolean) => {
          client.release(error || broken);
          broken = unhurried = false;
        };
        named = { query, release };
        clients.set(client, named);
      }
      return named;
    },
    end: () => pool.end(),
  };
}

/**
 * Runs work in a transaction free of the statement and read timeouts (PostgreSQL): writes that may
 * rightly take longer than a request may wait, such as an upload's commit or a retention sweep.
 * They run after the answer, or answer an administrator who asked for them.
 */
export function unhurried<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!isSqlite(db)) await sql.raw(UNHURRIED).execute(trx);
    return work(trx);
  });
}

/** Distinct statements kept prepared; the least recently used goes first. */
const CACHED_STATEMENTS = 1_000;

/**
 * Kysely prepares every statement again on each call (a quarter of an authenticated list call's
 * database time). Its SQL text is stable (values are parameters), so a prepared
 * statement is reused. SQLite re-prepares a cached statement itself after a schema change; a
 * statement still busy streaming rows is not shared, a fresh one is prepared instead.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, beforeClose: () => void) {
  // A hit marks its entry's last use rather than moving it to the Map's end (a delete and an insert
  // on each of a save's statements); the least recent is searched for only when one must go.
  const statements = new Map<string, { statement: SqliteDatabase.Statement; used: number }>();
  let uses = 0;
  return {
    close: () => {
      statements.clear();
      beforeClose();
      sqlite.close();
    },
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.statement.busy) {
        cached.used = ++uses;
        return cached.statement;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        if (statements.size >= CACHED_STATEMENTS) statements.delete(leastRecent(statements));
        statements.set(text, { statement, used: ++uses });
      }
      return statement;
    },
  };
}

/** The key of the entry used longest ago. */
function leastRecent(entries: ReadonlyMap<string, { used: number }>): string {
  let oldest: [string, number] | undefined;
  for (const [key, { used }] of entries) if (!oldest || used < oldest[1]) oldest = [key, used];
  return oldest![0];
}

export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The connection of a database opened on SQLite (not of a transaction on it); undefined otherwise. */
export function sqliteHandleOf(db: Kysely<any>): SqliteHandle | undefined {
  return sqliteHandles.get(db);
}

/**
 * The SQLite connection a statement through `db` may run on synchronously: the database's own
 * outside any transaction, or, inside this call's open sharedTransaction, that transaction's
 * connection (through its database or its handle), where Kysely's executor would only hand the same
 * connection back after several promise turns (a tenth of a save's time). Undefined otherwise:
 * PostgreSQL, another call's transaction holding the connection, a transaction not begun yet.
 */
export function sqliteHandleIn(db: Kysely<any>): SqliteHandle | undefined {
  const own = sqliteHandles.get(db);
  if (own && !own.connection.inTransaction) return own;
  const held = openShared();
  if (!held || (db !== held.db && db !== held.trx)) return undefined;
  const handle = sqliteHandles.get(held.db);
  return handle?.connection.inTransaction ? handle : undefined;
}

/** The connection pool of a database opened on PostgreSQL; undefined for SQLite. */
export function poolOf(db: Kysely<any>): pg.Pool | undefined {
  return pools.get(db);
}
