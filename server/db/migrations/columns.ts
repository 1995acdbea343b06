import { SqliteAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// The migrations' own helpers, frozen with them: nothing here may import code that changes later.

/** Whether the migration runs on SQLite (otherwise PostgreSQL). */
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** An auto-increment integer primary key on either engine. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isSqlite(db) ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()) : table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity());
}
