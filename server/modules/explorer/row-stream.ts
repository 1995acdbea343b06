import SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { poolOf, sqliteHandleOf, type Db } from '../../db/database';

/** How long a streaming read's SQLite connection waits for a lock before failing, as the server's own does. */
const SQLITE_BUSY_MS = 5_000;
/** pg's largest read timeout (setTimeout's bound): a sorted table's first batch waits for the whole sort. */
const NO_READ_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The rows of one read query, batch after batch of at most `batch`, read as the consumer asks for
 * them: one pass over the data and one sort, however many rows, with memory bound by the batch.
 * Paging with OFFSET instead walked the index from the start for each page and sorted the table
 * again each time. Stopping early (a download cancelled) ends the read and frees its connection.
 */
export function rowStream<Row>(db: Db, query: CompiledQuery, batch: number): AsyncGenerator<Row[]> {
  const sqlite = sqliteHandleOf(db);
  if (sqlite) return sqliteRows<Row>(sqlite.connection.name, query, batch);
  const pool = poolOf(db);
  if (!pool) throw new Error('rowStream: a database opened by openDatabase');
  return postgresRows<Row>(pool, query, batch);
}

/**
 * SQLite: an iterator over the statement, on a read-only connection of its own. While an iterator
 * is open its connection takes no write (better-sqlite3 refuses it), and the server's one
 * connection writes every request's system-log row; WAL lets this reader keep its snapshot while
 * the other writes.
 */
async function* sqliteRows<Row>(file: string, query: CompiledQuery, batch: number): AsyncGenerator<Row[]> {
  const connection = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    connection.pragma(`busy_timeout = ${SQLITE_BUSY_MS}`);
    let taken: Row[] = [];
    // for…of ends the statement's iterator when the consumer stops early.
    for (const row of connection.prepare(query.sql).iterate(...(query.parameters as unknown[])) as IterableIterator<Row>) {
      taken.push(row);
      if (taken.length === batch) {
        yield taken;
        taken = [];
      }
    }
    if (taken.length) yield taken;
  } finally {
    connection.close();
  }
}

/**
 * PostgreSQL: a cursor declared in a transaction of its own, fetched a batch at a time. Free of the
 * statement and read timeouts, as a long export rightly takes longer than a request; it holds
 * one connection of the pool until it ends.
 */
async function* postgresRows<Row>(pool: NonNullable<ReturnType<typeof poolOf>>, query: CompiledQuery, batch: number): AsyncGenerator<Row[]> {
  const client = await pool.connect();
  const run = (text: string, values?: readonly unknown[]) => client.query<Row & object>({ text, values: values as unknown[] | undefined, query_timeout: NO_READ_TIMEOUT_MS } as never);
  let failed: unknown;
  try {
    await run('begin read only');
    await run('set local statement_timeout = 0');
    await run(`declare rows_read no scroll cursor for ${query.sql}`, query.parameters);
    for (;;) {
      const { rows } = await run(`fetch ${Number(batch)} from rows_read`);
      if (rows.length) yield rows as Row[];
      if (rows.length < batch) break;
    }
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    // Ended early or failed, the transaction is rolled back (closing the cursor); a connection that failed is not reused.
    await run('rollback').catch((error: unknown) => (failed ??= error));
    client.release(failed instanceof Error ? failed : undefined);
  }
}
