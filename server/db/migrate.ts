import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as foundation from './migrations/001_foundation';

/** Migrations live in code (not a folder scan) so the same list runs from tsx, tests and bundles. */
const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export function latestMigrationName(): string {
  return Object.keys(migrations).sort().at(-1)!;
}
