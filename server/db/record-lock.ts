import { sql, type Kysely } from 'kysely';
import { isSqlite, type Db } from './database';
import { preparedStatement } from './prepared-statement';

/** Built and compiled once: every save and delete takes the hold. */
const writeLock = preparedStatement<Record<string, never>, never>((db) =>
  (db as unknown as Kysely<Record<string, Record<string, unknown>>>).updateTable('admins').set({ id: 0 }).where(sql.lit(false)),
);
const advisoryLock = preparedStatement<{ key: string }, never>((db, value) => db.selectNoFrom(sql<never>`pg_advisory_xact_lock(hashtext(${value('key')}))`.as('held')));

/**
 * Holds one record against other writers until `trx` ends, so a save can read the record, compare
 * its version and write with no other save in between. PostgreSQL: a transaction-scoped advisory
 * lock on the resource and id (any table, no row lock per store); SQLite: the database's write lock,
 * taken before the read rather than at the first write (two processes on one file would otherwise
 * both read the old version).
 */
export async function lockRecord(trx: Db, resource: string, id: string): Promise<void> {
  if (isSqlite(trx)) await writeLock.all(trx, {});
  else await advisoryLock.all(trx, { key: `record:${resource}:${id}` });
}
