import type SqliteDatabase from 'better-sqlite3';

/** A table or column name as a quoted SQL identifier. */
export function quotedIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The user tables of a SQLite file (SQLite's own `sqlite_*` tables left out), by name. */
export function sqliteTableNames(database: SqliteDatabase.Database): string[] {
  return database.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
}
