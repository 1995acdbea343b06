import type { CreateTableBuilder, Kysely } from 'kysely';
import { isSqlite } from '../database';

/** An auto-increment integer primary key on either engine. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isSqlite(db) ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()) : table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity());
}
