import type { Compilable, CompiledQuery, Insertable, Kysely } from 'kysely';
import type { Database } from './schema';
import { isSqlite, sqliteHandleIn, type Db, type SqliteHandle } from './database';
import { writeCounterOf } from './write-counter';

const SLOT = Symbol('prepared statement value');

interface ValueSlot {
  readonly [SLOT]: string;
}

/** Stands in the build for the value named `name`; typed to fit any column. */
type SlotFor<Values> = (name: keyof Values & string) => never;

export interface PreparedStatement<Values, Row> {
  /** Every row the statement returns (an insert or update `returning` them). */
  all(db: Db, values: Values): Promise<Row[]>;
  first(db: Db, values: Values): Promise<Row | undefined>;
  /** Runs the statement once for each of `rows`, all in one transaction of its own (so `db` is not a transaction), and returns nothing. */
  many(db: Db, rows: readonly Values[]): Promise<void>;
  /** The statement as it runs with `values`, without running it (a cache key of its SQL and values). */
  bound(db: Db, values: Values): CompiledQuery<Row>;
}

/**
 * A statement on a hot path, built with Kysely once and run with each call's values. Building and
 * compiling a query costs about as much as the SQLite insert it describes, and a write
 * cannot use a cached list count anyway. On SQLite it runs synchronously on the connection's cached
 * statement outside a transaction and inside the caller's own sharedTransaction (sqliteHandleIn);
 * otherwise (another call's transaction open on the one connection, a `Transaction` handle of a
 * plain transaction, PostgreSQL) it goes through Kysely's executor, which waits its turn. Either
 * way the write counter moves, as it does for Kysely's own writes (list-count.ts).
 */
export function preparedStatement<Values extends object, Row>(build: (db: Db, value: SlotFor<Values>) => Compilable<Row>): PreparedStatement<Values, Row> {
  const compiled = new Map<'sqlite' | 'postgres', { query: CompiledQuery<Row>; names: (string | undefined)[] }>();
  const compiledFor = (db: Db) => {
    const dialect = isSqlite(db) ? 'sqlite' : 'postgres';
    let entry = compiled.get(dialect);
    if (!entry) {
      const query = build(db, (name: string) => ({ [SLOT]: name }) as unknown as never).compile();
      entry = { query, names: query.parameters.map((parameter) => (isSlot(parameter) ? parameter[SLOT] : undefined)) };
      compiled.set(dialect, entry);
    }
    return entry;
  };

  const parametersOf = (query: CompiledQuery<Row>, names: (string | undefined)[], values: Values) =>
    names.map((name, index) => (name === undefined ? query.parameters[index] : bound(values as Record<string, unknown>, name)));

  const run = (db: Db, values: Values, first: boolean): Promise<Row[]> => {
    const { query, names } = compiledFor(db);
    const parameters = parametersOf(query, names, values);
    return counted(db, query, async (sqlite) => {
      if (!sqlite) return (await db.executeQuery<Row>({ ...query, parameters })).rows;
      const statement = sqlite.prepare(query.sql);
      if (!statement.reader) return (statement.run(parameters), []);
      // Only a read may stop at its first row. A write's step must reach its end: SQLite runs the
      // WAL's automatic checkpoint there, and an `insert … returning` read with get() never
      // checkpoints, so the WAL grows without bound.
      if (first && statement.readonly) return [statement.get(parameters)].filter((row) => row !== undefined) as Row[];
      return statement.all(parameters) as Row[];
    });
  };
  const many = (db: Db, rows: readonly Values[]): Promise<void> => {
    const { query, names } = compiledFor(db);
    return counted(db, query, async (sqlite) => {
      if (!sqlite) {
        await db.transaction().execute(async (trx) => {
          for (const values of rows) await trx.executeQuery({ ...query, parameters: parametersOf(query, names, values) });
        });
        return;
      }
      const statement = sqlite.prepare(query.sql);
      sqlite.connection.transaction(() => rows.forEach((values) => statement.run(parametersOf(query, names, values))))();
    });
  };
  const bind = (db: Db, values: Values): CompiledQuery<Row> => {
    const { query, names } = compiledFor(db);
    return { ...query, parameters: parametersOf(query, names, values) };
  };
  return { all: (db, values) => run(db, values, false), first: async (db, values) => (await run(db, values, true))[0], many, bound: bind };
}

/**
 * Runs `work` with the SQLite connection when it may be used directly (sqliteHandleIn), moving the write
 * counter of the statement's tables before and after, as the WriteCounter plugin does.
 */
async function counted<T>(db: Db, query: CompiledQuery, work: (sqlite: SqliteHandle | undefined) => Promise<T>): Promise<T> {
  const counter = writeCounterOf(db);
  counter?.wrote(query.query);
  try {
    return await work(sqliteHandleIn(db));
  } finally {
    counter?.wrote(query.query);
  }
}

function isSlot(parameter: unknown): parameter is ValueSlot {
  return typeof parameter === 'object' && parameter !== null && SLOT in parameter;
}

function bound(values: Record<string, unknown>, name: string): unknown {
  const value = values[name];
  // An absent value would bind as NULL silently; the caller names every value the statement uses.
  if (value === undefined) throw new Error(`prepared statement: no value for "${name}"`);
  return value;
}

/** A row of `table` as a prepared insert takes it: every column but its generated id, each named (null where it does not apply). */
export type InsertedRow<T extends keyof Database> = Required<Omit<Insertable<Database[T]>, 'id'>>;

/**
 * An insert of one row into `table`, every column but its id named in `columns` (a column the table
 * gains is a type error until it is named here too), built and compiled once: the statement a log
 * writes on every call (an activity entry, a system-log row, what a delete took).
 */
export function preparedInsert<T extends keyof Database & string>(table: T, columns: { readonly [Column in keyof InsertedRow<T>]-?: true }): PreparedStatement<InsertedRow<T>, never> {
  return preparedStatement<InsertedRow<T>, never>((db, value) =>
    (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto(table)
      .values(Object.fromEntries(Object.keys(columns).map((column) => [column, value(column as keyof InsertedRow<T> & string)]))),
  );
}
