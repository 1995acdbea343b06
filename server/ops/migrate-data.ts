import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Database } from '../db/schema';
import { openDatabase } from '../db/database';
import { migrateToLatest, pendingMigrationCount } from '../db/migrate';
import { OpsError } from './ops-error';
import { quotedIdentifier as quoted, sqliteTableNames } from './sqlite-tables';

/** Kysely's own bookkeeping: the target's migrations run there, they are not copied. */
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);
/** PostgreSQL takes at most 65,535 bound parameters per statement. */
const MAX_PARAMETERS = 60_000;

export interface MigrateDataOptions {
  fromSqlite: string;
  toUrl: string;
  /** PostgreSQL schema to write into (default: the connection's search_path). */
  pgSchema?: string;
  batchRows?: number;
  log?: (line: string) => void;
}

/**
 * Copies every table of an embedded SQLite database into an empty PostgreSQL database: migrations
 * run on the target first, tables are found in the source (so new features' tables come along),
 * copied parents-before-children in one transaction, in batches, and identity sequences are moved
 * past the copied ids. A target that already holds rows is refused before anything is written.
 */
export async function migrateData(options: MigrateDataOptions): Promise<Record<string, number>> {
  const log = options.log ?? (() => undefined);
  if (!existsSync(options.fromSqlite)) throw new OpsError(`No SQLite database at ${options.fromSqlite}.`);
  const source = new SqliteDatabase(options.fromSqlite, { readonly: true, fileMustExist: true });
  // Kysely over the read-only handle, only to ask the migrator whether the source is current.
  const sourceDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: source }) });
  const target: Kysely<any> = openDatabase({ databaseUrl: options.toUrl, sqlitePath: '', pgSchema: options.pgSchema });
  try {
    if ((await pendingMigrationCount(sourceDb)) > 0) {
      throw new OpsError(`${options.fromSqlite} has migrations that have not run: start the server on it once (it migrates at start), then copy.`);
    }
    await sql`select 1`.execute(target).catch((error: Error) => {
      throw new OpsError(`Cannot reach the target database: ${error.message}`);
    });
    const baseline = await rowsAfterMigrations();
    await refuseTargetWithRows(target, baseline);
    log('Running migrations on the target…');
    await migrateToLatest(target);
    await refuseTargetWithRows(target, baseline);

    const tables = tablesInCopyOrder(source);
    const targetColumns = await columnsByTable(target);
    for (const table of tables) {
      const missing = sourceColumns(source, table).filter((column) => !targetColumns.get(table)?.has(column));
      if (missing.length > 0) throw new OpsError(`The target has no ${missing.map((c) => `${table}.${c}`).join(', ')}: is it migrated by an older version of the console?`);
    }
    const copied: Record<string, number> = {};
    await target.transaction().execute(async (trx) => {
      // The migrations' default rows come along from the source, which ran the same migrations.
      for (const table of [...tables].reverse()) if (baseline.get(table)) await trx.deleteFrom(table).execute();
      for (const table of tables) {
        copied[table] = await copyTable(source, trx, table, options.batchRows ?? 1000);
        log(`${table}: ${copied[table]} rows`);
      }
      await resetIdentitySequences(trx, tables);
    });
    return copied;
  } finally {
    await sourceDb.destroy();
    await target.destroy();
  }
}

/**
 * Rows each table holds right after the migrations on an empty database (some migrations seed
 * defaults, such as the mail templates), measured on a scratch in-memory SQLite.
 */
export async function rowsAfterMigrations(): Promise<Map<string, number>> {
  const scratch = openDatabase({ sqlitePath: ':memory:' });
  try {
    await migrateToLatest(scratch);
    return await rowCounts(scratch, await scratch.introspection.getTables().then((tables) => tables.map((table) => table.name)));
  } finally {
    await scratch.destroy();
  }
}

async function rowCounts(db: Kysely<any>, tables: Iterable<string>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    if (BOOKKEEPING.has(table)) continue;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts.set(table, Number(rows[0].n));
  }
  return counts;
}

/** Only an empty or freshly migrated target is accepted: anything else holds someone's data. */
async function refuseTargetWithRows(target: Kysely<any>, baseline: Map<string, number>): Promise<void> {
  for (const [table, rows] of await rowCounts(target, (await columnsByTable(target)).keys())) {
    if (rows > 0 && rows !== baseline.get(table)) {
      throw new OpsError(`The target database already has rows (table ${table}): copy only into an empty database (nothing was written).`);
    }
  }
}

async function columnsByTable(target: Kysely<any>): Promise<Map<string, Set<string>>> {
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(target)).rows[0].schema;
  const tables = (await target.introspection.getTables()).filter((table) => table.schema === schema);
  return new Map(tables.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
}

function sourceColumns(source: SqliteDatabase.Database, table: string): string[] {
  return (source.pragma(`table_info(${quoted(table)})`) as Array<{ name: string }>).map((column) => column.name);
}

/** The source's tables, each after the tables its foreign keys point to. */
function tablesInCopyOrder(source: SqliteDatabase.Database): string[] {
  const names = sqliteTableNames(source).filter((name) => !BOOKKEEPING.has(name));
  const parents = new Map(names.map((name) => [name, (source.pragma(`foreign_key_list(${quoted(name)})`) as Array<{ table: string }>).map((fk) => fk.table).filter((parent) => parent !== name)]));
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) if (parents.has(parent)) visit(parent);
    ordered.push(name);
  };
  names.forEach(visit);
  return ordered;
}

async function copyTable(source: SqliteDatabase.Database, trx: Kysely<any>, table: string, batchRows: number): Promise<number> {
  const columns = sourceColumns(source, table);
  const perBatch = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)));
  const page = source.prepare(`select rowid as "__rowid", ${columns.map(quoted).join(', ')} from ${quoted(table)} where rowid > ? order by rowid limit ?`);
  let after = -Infinity;
  let total = 0;
  for (;;) {
    const rows = page.all(after, perBatch) as Array<Record<string, unknown>>;
    if (rows.length === 0) return total;
    after = rows[rows.length - 1].__rowid as number;
    await trx
      .insertInto(table)
      .values(rows.map(({ __rowid, ...row }) => row))
      .execute();
    total += rows.length;
  }
}

/** Identity columns keep generating after the copied ids rather than colliding with them. */
async function resetIdentitySequences(trx: Kysely<any>, tables: string[]): Promise<void> {
  const identities = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and (is_identity = 'YES' or column_default like 'nextval(%')`.execute(trx);
  for (const { table_name: table, column_name: column } of identities.rows) {
    if (!tables.includes(table)) continue;
    await sql`select setval(pg_get_serial_sequence(${quoted(table)}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
  }
}
