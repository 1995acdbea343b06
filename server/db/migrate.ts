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

/** A migration that ran, and how long its `up` took. */
export interface AppliedMigration {
  name: string;
  ms: number;
}

/**
 * The database holds a migration this release does not ship: it was upgraded by a newer release.
 * Running on it would work against tables this release does not know, so the server stops first.
 */
export class NewerDatabaseError extends Error {
  constructor(readonly migrationName: string) {
    super(
      `This database belongs to a newer release of the console (it has run the migration ${migrationName}, which this release does not know); start the release that upgraded it, or restore a backup taken before the upgrade. Nothing was changed.`,
    );
    this.name = 'NewerDatabaseError';
  }
}

// Imported from here, not by Kysely's FileMigrationProvider: an import inside node_modules skips the
// TypeScript loader the tests run with. Each `up` is timed, for the upgrade log.
function providerTiming(durations: Map<string, number>): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const file of readdirSync(MIGRATIONS_DIR)
        .filter((name) => name.endsWith('.ts'))
        .sort()) {
        const module = (await import(pathToFileURL(join(MIGRATIONS_DIR, file)).href)) as Partial<Migration>;
        if (typeof module.up !== 'function') continue;
        const name = file.slice(0, -'.ts'.length);
        const up = module.up;
        migrations[name] = {
          ...(module as Migration),
          async up(db) {
            const started = performance.now();
            await up(db);
            durations.set(name, Math.round(performance.now() - started));
          },
        };
      }
      return migrations;
    },
  };
}

async function migratorFor(db: Db, durations = new Map<string, number>()): Promise<Migrator> {
  // On PostgreSQL the migration bookkeeping lives in the connection's schema, so databases that
  // share a server but not a schema (tests, tenants) do not see each other's migrations.
  const migrationTableSchema = isSqlite(db) ? undefined : (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema;
  // Features land in parallel, so a later-numbered migration may already have run where an
  // earlier-numbered one arrives afterwards; each migration only adds its own tables.
  return new Migrator({ db, provider: providerTiming(durations), migrationTableSchema, allowUnorderedMigrations: true });
}

/** The names of the migrations this database has run (none on a new database). */
async function executedMigrationNames(db: Db): Promise<string[]> {
  const exists = isSqlite(db)
    ? await sql<{ found: number }>`select 1 as found from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db)
    : await sql<{ found: number }>`select 1 as found where to_regclass('kysely_migration') is not null`.execute(db);
  if (exists.rows.length === 0) return [];
  return (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name);
}

/**
 * Runs every migration this database has not run, and answers those it ran in order with their
 * times. Refuses, before changing anything, a database that ran a migration this release lacks.
 */
export async function migrateToLatest(db: Db): Promise<AppliedMigration[]> {
  const durations = new Map<string, number>();
  const migrator = await migratorFor(db, durations);
  // From the files, not Migrator.getMigrations: that reads every schema's tables on PostgreSQL.
  const known = new Set(Object.keys(await providerTiming(durations).getMigrations()));
  const unknown = (await executedMigrationNames(db)).find((name) => !known.has(name));
  if (unknown) throw new NewerDatabaseError(unknown);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map(({ migrationName }) => ({ name: migrationName, ms: durations.get(migrationName) ?? 0 }));
}

/** How many known migrations have not run on this database (0 when it is current). */
export async function pendingMigrationCount(db: Db): Promise<number> {
  const migrations = await (await migratorFor(db)).getMigrations();
  return migrations.filter((migration) => !migration.executedAt).length;
}
