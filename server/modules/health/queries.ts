import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pendingMigrationCount } from '../../db/migrate';

/** True once the database answers a trivial query; an unreachable one throws. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  await sql`select 1`.execute(db);
  return true;
}

/** True when no migration is waiting to run. */
export async function migrationsApplied(db: Db): Promise<boolean> {
  return (await pendingMigrationCount(db)) === 0;
}
