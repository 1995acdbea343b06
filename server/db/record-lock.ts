import { sql } from 'kysely';
import { isSqlite, type Db } from './database';
import { preparedStatement } from './prepared-statement';

const advisoryLock = preparedStatement<{ key: string }, never>((db, value) => db.selectNoFrom(sql<never>`pg_advisory_xact_lock(hashtext(${value('key')}))`.as('held')));

/**
 * Holds one record against other writers until `trx` ends, so a save can read the record, compare
 * its version and write with no other save in between. PostgreSQL: a transaction-scoped advisory
 * lock on the resource and id (any table, no row lock per store). SQLite: nothing to take, as every
 * transaction begins IMMEDIATE (database.ts), holding the database's write lock before its first
 * read (two processes on one file would otherwise both read the old version).
 */
export async function lockRecord(trx: Db, resource: string, id: string): Promise<void> {
  if (!isSqlite(trx)) await advisoryLock.all(trx, { key: `record:${resource}:${id}` });
}
