import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { isSqlite, type Db } from './database';
import * as foundation from './migrations/001_foundation';
import * as templates from './migrations/003_templates';
import * as mailTemplates from './migrations/004_mail_templates';
import * as systemLog from './migrations/006_system_log';
import * as projects from './migrations/007_projects';
import * as datasets from './migrations/008_datasets';
import * as collect from './migrations/009_collect';
import * as masterRowKeys from './migrations/010_master_row_keys';
import * as marketAccountHosts from './migrations/011_market_account_hosts';
import * as otpTokens from './migrations/012_otp_tokens';
import * as uploadLeases from './migrations/013_upload_leases';
import * as naturalKeys from './migrations/014_natural_key';
import * as listIndexes from './migrations/015_list_indexes';
import * as retentionIndexes from './migrations/017_explorer_retention_indexes';
import * as alertDefaults from './migrations/018_alert_defaults';
import * as uploadChanges from './migrations/019_upload_changes';
import * as uploadSchemaFingerprint from './migrations/020_upload_schema_fingerprint';
import * as mailDelivery from './migrations/021_mail_delivery';
import * as passwordState from './migrations/022_password_state';
import * as uploadFileRemoved from './migrations/023_upload_file_removed';
import * as alertConfigName from './migrations/024_alert_config_name';
import * as mailFlows from './migrations/025_mail_flows';
import * as activityLog from './migrations/027_activity_log';

/** Migrations live in code (not a folder scan) so the same list runs from tsx, tests and bundles. */
const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '003_templates': templates,
  '004_mail_templates': mailTemplates,
  '006_system_log': systemLog,
  '007_projects': projects,
  '008_datasets': datasets,
  '009_collect': collect,
  '010_master_row_keys': masterRowKeys,
  '011_market_account_hosts': marketAccountHosts,
  '012_otp_tokens': otpTokens,
  '013_upload_leases': uploadLeases,
  '014_natural_key': naturalKeys,
  '015_list_indexes': listIndexes,
  '017_explorer_retention_indexes': retentionIndexes,
  '018_alert_defaults': alertDefaults,
  '019_upload_changes': uploadChanges,
  '020_upload_schema_fingerprint': uploadSchemaFingerprint,
  '021_mail_delivery': mailDelivery,
  '022_password_state': passwordState,
  '023_upload_file_removed': uploadFileRemoved,
  '024_alert_config_name': alertConfigName,
  '025_mail_flows': mailFlows,
  '027_activity_log': activityLog,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

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
