import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { naturalKey } from './natural-key';
import { WriteCounter } from './write-counter';

export type Db = Kysely<Database>;

export interface DatabaseTarget {
  /** postgres:// URL; when absent the embedded SQLite file is used. */
  databaseUrl?: string;
  sqlitePath: string;
  /** PostgreSQL schema to work in (tests isolate each file in its own schema). */
  pgSchema?: string;
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

export function openDatabase(target: DatabaseTarget): Db {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 10,
      ...(target.pgSchema ? { options: `-c search_path=${target.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedReads(pool) }), plugins: [new WriteCounter()] });
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
  // A server's settings (DESIGN §5): WAL for concurrent readers, NORMAL sync is durable under WAL,
  // a page cache for the indexes, and a busy timeout instead of instant SQLITE_BUSY.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.function('natural_key', { deterministic: true }, naturalKey);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), plugins: [new WriteCounter()] });
  sqliteHandles.set(db, { connection: sqlite, prepare: statements.prepare });
  return db;
}

/** Distinct PostgreSQL statements given a name (each connection keeps every named statement it has prepared). */
const NAMED_STATEMENTS = 500;

/**
 * PostgreSQL parses an unnamed statement on every call; a named one once per connection (issue 18).
 * Each call is still planned for its own values (plan_cache_mode, set on every connection): after
 * five calls PostgreSQL may otherwise switch to a generic plan that cannot see a filter's values,
 * and the tasks board's seven days, which hold nearly every task, went from 1 ms to 80 ms as the
 * generic plan read them through the created_at index and sorted them. Only reads are named, and none with `*`: a prepared `select *` fails after its table
 * gains a column ("cached plan must not change result type"), and writes carry row counts that
 * vary (multi-row inserts), which would name a statement per count.
 */
function withPreparedReads(pool: pg.Pool) {
  // A connection's queries run in order, so this SET precedes whatever the pool hands it out for.
  pool.on('connect', (client) => void client.query('SET plan_cache_mode = force_custom_plan').catch(() => undefined));
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
        const query = ((text: unknown, values?: unknown[]) => {
          const name = typeof text === 'string' ? nameOf(text) : undefined;
          return name ? client.query({ name, text: text as string, values }) : client.query(text as string, values);
        }) as pg.PoolClient['query'];
        named = { query, release: (error?: Error | boolean) => client.release(error) };
        clients.set(client, named);
      }
      return named;
    },
    end: () => pool.end(),
  };
}

/** Distinct statements kept prepared; the least recently used goes first. */
const CACHED_STATEMENTS = 1_000;

/**
 * Kysely prepares every statement again on each call (a quarter of an authenticated list call's
 * database time, issue 18). Its SQL text is stable (values are parameters), so a prepared
 * statement is reused. SQLite re-prepares a cached statement itself after a schema change; a
 * statement still busy streaming rows is not shared, a fresh one is prepared instead.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        if (statements.size >= CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The connection of a database opened on SQLite (not of a transaction on it); undefined otherwise. */
export function sqliteHandleOf(db: Kysely<any>): SqliteHandle | undefined {
  return sqliteHandles.get(db);
}

/** The connection pool of a database opened on PostgreSQL; undefined for SQLite. */
export function poolOf(db: Kysely<any>): pg.Pool | undefined {
  return pools.get(db);
}
