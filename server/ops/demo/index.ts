import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { isSqlite, type Db } from '../../db/database';
import type { PasswordHasher } from '../../auth/passwords';
import { generatePassword } from '../../db/seed';
import { newStorageKey, type FileStore } from '../../files/store';
import { OpsError } from '../ops-error';
import { rowsAfterMigrations } from '../migrate-data';
import type { DemoContext, DemoFeature } from './context';
import { seededPrng } from './prng';
import { DEMO_EMAIL_DOMAIN, demoUsers } from './users';
import { demoTemplates } from './templates';
import { demoAccessHistory, demoSystemLog } from './activity';
import { demoProjects } from './projects';
import { demoDatasets } from './datasets';
import { demoCollect } from './collect';
import { demoHolidays } from './holidays';

/**
 * The demo features in the order they run: later ones use the accounts the users feature made.
 * A feature adds its file beside these and one line here.
 */
export const DEMO_FEATURES: DemoFeature[] = [demoUsers, demoTemplates, demoProjects, demoDatasets, demoCollect, demoHolidays, demoAccessHistory, demoSystemLog];

const MARKER_KEY = 'demo.seededAt';
/** Tables the first start fills, and records of activity rather than of work: not "someone's data". */
const FIRST_START_TABLES = new Set([
  'regions',
  'countries',
  'companies',
  'advertisers',
  'data_types',
  'domains',
  'terms',
  'term_versions',
  'term_agreements',
  'admin_countries',
  'admin_data_types',
  'email_templates',
  'app_settings',
  'system_logs',
  'access_history',
  'sessions',
  'refresh_tokens',
  'otp_challenges',
  'password_reset_tokens',
  'otp_tokens',
  'used_links',
  'mail_outbox',
  'kysely_migration',
  'kysely_migration_lock',
]);

export interface DemoSeedOptions {
  hasher: PasswordHasher;
  /** Where the sample's files (template previews) go: the app's store. */
  files: FileStore;
  now?: Date;
  seed?: number;
  /** Seed even though the database holds other data (never over an earlier demo seed). */
  force?: boolean;
}

export interface DemoSeedResult {
  /** The one password of every demo account: shown once, stored only as a hash. */
  password: string;
  counts: Record<string, number>;
  sampleAccounts: Array<{ email: string; authority: string }>;
}

/** Fills the database with a realistic, deterministic sample in one transaction. */
export async function seedDemo(db: Db, options: DemoSeedOptions): Promise<DemoSeedResult> {
  await refuseUnlessEmpty(db, options.force ?? false);
  const password = generatePassword();
  const passwordHash = await options.hasher.hash(password);
  const { files } = options;
  const storedKeys: string[] = [];
  const counts: Record<string, number> = {};
  const now = options.now ?? new Date();
  const existing = new Set(await tablesHere(db));
  try {
    await db.transaction().execute(async (trx) => {
      const demo: DemoContext = {
        trx,
        rng: seededPrng(options.seed ?? 20_240_601),
        now,
        passwordHash,
        accounts: [],
        counted: (table, rows) => void (counts[table] = (counts[table] ?? 0) + rows),
        async storeFile(bytes) {
          const key = newStorageKey();
          const temp = files.tempPath();
          writeFileSync(temp, bytes);
          await files.put(key, temp);
          storedKeys.push(key);
          return key;
        },
      };
      for (const feature of DEMO_FEATURES) {
        if (feature.tables.every((table) => existing.has(table))) await feature.seed(demo);
      }
      await trx.insertInto('app_settings').values({ key: MARKER_KEY, value: now.toISOString(), updated_at: now.toISOString() }).execute();
    });
  } catch (error) {
    await Promise.all(storedKeys.map((key) => files.delete(key)));
    throw error;
  }
  const sampleAccounts = await db
    .selectFrom('admins')
    .select(['email', 'authority'])
    .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
    .where('approval_status_code', '=', 'APPROVED')
    .where('status_code', '=', 'ACTIVE')
    .orderBy('account_rank')
    .orderBy('id')
    .execute()
    .then((rows) => rows.filter((row, index) => index === rows.findIndex((other) => other.authority === row.authority)));
  return { password, counts, sampleAccounts };
}

async function refuseUnlessEmpty(db: Db, force: boolean): Promise<void> {
  const marker = await db.selectFrom('app_settings').select('value').where('key', '=', MARKER_KEY).executeTakeFirst();
  if (marker) throw new OpsError(`This database already holds the demo data (seeded at ${marker.value}); nothing was added.`);
  if (force) return;
  // Some migrations seed defaults (mail templates, master-info headers …): those rows are not data.
  const afterMigrations = await rowsAfterMigrations();
  for (const table of await tablesHere(db)) {
    if (FIRST_START_TABLES.has(table)) continue;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    // The first start's system-admin is the one account an empty console has.
    if (Number(rows[0].n) > Math.max(afterMigrations.get(table) ?? 0, table === 'admins' ? 1 : 0)) {
      throw new OpsError(`This database already holds data (table ${table}): the demo seed adds to empty databases only. Run it with --force to add the demo data anyway.`);
    }
  }
}

/** Table names of this database (on PostgreSQL, of the connection's schema only). */
async function tablesHere(db: Db): Promise<string[]> {
  const schema = isSqlite(db) ? undefined : (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema;
  return (await db.introspection.getTables()).filter((table) => !schema || table.schema === schema).map((table) => table.name);
}

/** What the operator is told once: counts, a sample account per authority and the one password. */
export function describeDemoSeed(result: DemoSeedResult): string {
  const counts = Object.entries(result.counts)
    .map(([table, rows]) => `${table} ${rows}`)
    .join(', ');
  const samples = result.sampleAccounts.map((account) => `  ${account.authority.padEnd(13)} ${account.email}`).join('\n');
  return `Demo data added: ${counts}.\nEvery demo account (…@${DEMO_EMAIL_DOMAIN}) has the password ${result.password} — it is shown only this once. For example:\n${samples}`;
}
