import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { isSqlite, type Db } from './database';

/**
 * The migrations, found by folder: every file of server/db/migrations that exports `up` (NNN_what.ts;
 * columns.ts and 008_master_infos.ts are helpers and data), so a new migration is a new file. The
 * server runs from its sources (tsx, also in the image), so the files are there to read.
 */
const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// Imported from here, not by Kysely's FileMigrationProvider: an import inside node_modules skips the
// TypeScript loader the tests run with.
const provider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.ts'))
      .sort()) {
      const module = (await import(pathToFileURL(join(MIGRATIONS_DIR, file)).href)) as Partial<Migration>;
      if (typeof module.up === 'function') migrations[file.slice(0, -'.ts'.length)] = module as Migration;
    }
    return migrations;
  },
};

async function migratorFor(db: Db): Promise<Migrator> {
  // On PostgreSQL the migration bookkeeping lives in the connection's schema, so databases that
  // share a server but not a schema (tests, tenants) do not see each other's migrations.
  const migrationTableSchema = isSqlite(db) ? undefined : (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema;
  // Features land in parallel, so a later-numbered migration may already have run where an
  // earlier-numbered one arrives afterwards; each migration only adds its own tables.
  return new Migrator({ db, provider, migrationTableSchema, allowUnorderedMigrations: true });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await (await migratorFor(db)).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** How many known migrations have not run on this database (0 when it is current). */
export async function pendingMigrationCount(db: Db): Promise<number> {
  const migrations = await (await migratorFor(db)).getMigrations();
  return migrations.filter((migration) => !migration.executedAt).length;
}
