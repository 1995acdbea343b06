import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedFoundation } from '../../server/db/seed';
import { passwordHasher } from '../../server/auth/passwords';
import { DEFAULT_TEMPLATES } from '../../server/mail/templates';
import { spawnServer } from './ops-child';
import { startLocalS3, useS3rverCredentials, type LocalS3 } from '../fakes/s3-server';

/**
 * Upgrades and first starts on the engine the suite runs on (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): each start logs the migrations it ran, a database from a newer release is
 * refused in one sentence with nothing changed, replicas started together seed once, and the
 * backfill adds the English mails old databases lack without touching an edited one.
 */

const url = process.env.TEST_DATABASE_URL || undefined;
const HASHER = passwordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
const cleanups: (() => Promise<void> | void)[] = [];
/** On PostgreSQL every instance keeps its files in a shared store. */
let s3: LocalS3 | undefined;
beforeAll(async () => {
  if (!url) return;
  useS3rverCredentials();
  s3 = await startLocalS3(['console-files']);
  cleanups.push(() => s3?.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database: a data folder and, on PostgreSQL, a schema of its own. */
async function freshDatabase(): Promise<{ dataDir: string; sqlitePath: string; pgSchema?: string; env: NodeJS.ProcessEnv; open(unhurried?: boolean): Db }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-upgrade-'));
  // Where the server keeps its SQLite database in DATA_DIR.
  const sqlitePath = join(dataDir, 'console.sqlite');
  const pgSchema = url ? `u_${randomBytes(6).toString('hex')}` : undefined;
  if (pgSchema) await adminQuery(`CREATE SCHEMA ${pgSchema}`);
  cleanups.push(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema) await adminQuery(`DROP SCHEMA ${pgSchema} CASCADE`);
  });
  const databaseUrl = pgSchema ? `${url}${url!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${pgSchema}`)}` : '';
  // A shared database asks for the keys and the file store every instance shares.
  const shared = pgSchema
    ? { JWT_SECRET: 'upgrade-secret-0123456789abcdef-0123456789', SECRETS_KEY: 'cd'.repeat(32), FILE_STORE: 's3://console-files/upgrade', AWS_ENDPOINT_URL: s3!.url, REDIS_URL: '' }
    : {};
  const env = {
    ...shared,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Admin#2024x',
    SMTP_URL: '',
    LOG_LEVEL: 'info',
    SHUTDOWN_GRACE_MS: '2000',
    SEED_DEMO: '',
  };
  return { dataDir, sqlitePath, pgSchema, env, open: (unhurried = false) => openDatabase({ databaseUrl: url, sqlitePath, pgSchema, unhurried }) };
}

/** The migration files that run (NNN_what.ts), by name. */
const MIGRATIONS = readdirSync(join(import.meta.dirname, '../../server/db/migrations'))
  .filter((file) => /^\d{3}_.+\.ts$/.test(file) && file !== '008_master_infos.ts')
  .map((file) => file.slice(0, -3));

describe('the upgrade log', () => {
  it('names each migration a start ran, with its time, one line each; a start with nothing to run names none', async () => {
    const database = await freshDatabase();
    const first = spawnServer('server/main.ts', database.env);
    await first.waitFor(/Console ready/, 90_000);
    first.child.kill('SIGTERM');
    await first.exited;
    const logged = first
      .output()
      .split('\n')
      .flatMap((line) => line.match(/"msg":"Migration (\S+) applied in (\d+) ms"/)?.slice(1, 3) ?? []);
    const names = logged.filter((_, index) => index % 2 === 0);
    expect(names.sort()).toEqual([...MIGRATIONS].sort());

    const second = spawnServer('server/main.ts', database.env);
    await second.waitFor(/Console ready/, 90_000);
    second.child.kill('SIGTERM');
    await second.exited;
    expect(second.output()).not.toContain('Migration ');
  }, 240_000);
});

describe('a database from a newer release', () => {
  it('is refused in one sentence naming the migration, with a non-zero exit and nothing changed', async () => {
    const database = await freshDatabase();
    const db = database.open();
    await migrateToLatest(db);
    // A migration this release does not ship, and one it does that would run if the server went on.
    const now = new Date().toISOString();
    await db
      .deleteFrom('kysely_migration' as never)
      .where(sql.ref('name'), '=', MIGRATIONS.at(-1))
      .execute();
    await sql`insert into kysely_migration (name, timestamp) values (${'999_from_a_newer_release'}, ${now})`.execute(db);
    const snapshot = async () => ({
      migrations: (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows,
      admins: (await sql<{ n: number }>`select count(*) as n from admins`.execute(db)).rows,
      templates: (await sql<{ n: number }>`select count(*) as n from email_templates`.execute(db)).rows,
    });
    const before = await snapshot();

    const server = spawnServer('server/main.ts', database.env);
    const { code } = await server.exited;
    expect(code).toBe(2);
    // One sentence, no stack (Node's own warnings, such as a dependency's about the Node version, aside).
    const output = server.output();
    expect(output).not.toMatch(/^\s+at /m);
    expect(output.split('\n').filter((line) => /release|migration/i.test(line) && !line.startsWith('(node:'))).toEqual([
      'This database belongs to a newer release of the console (it has run the migration 999_from_a_newer_release, which this release does not know); start the release that upgraded it, or restore a backup taken before the upgrade. Nothing was changed.',
    ]);
    expect(await snapshot()).toEqual(before);
    await db.destroy();
  }, 120_000);
});

describe.skipIf(!url)('replicas started together on a new PostgreSQL database', () => {
  for (const replicas of [2, 3]) {
    it(`${replicas} all start (migrate and seed), and the first-start rows exist once`, async () => {
      const database = await freshDatabase();
      const dbs = Array.from({ length: replicas }, () => database.open());
      try {
        // As server/main.ts starts: migrations on a connection without timeouts, then the seed.
        const results = await Promise.all(
          dbs.map(async (db) => {
            const setup = database.open(true);
            await migrateToLatest(setup).finally(() => setup.destroy());
            return seedFoundation(db, { hasher: HASHER, adminPassword: 'Admin#2024x', nowIso: new Date().toISOString() });
          }),
        );
        expect(results.filter((result) => result.created)).toHaveLength(1);
        const count = async (table: 'admins' | 'regions' | 'domains' | 'terms' | 'countries') =>
          Number(
            (
              await dbs[0]
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect({ admins: await count('admins'), regions: await count('regions'), countries: await count('countries'), domains: await count('domains'), terms: await count('terms') }).toEqual({
          admins: 1,
          regions: 4,
          countries: 13,
          domains: 1,
          terms: 3,
        });
      } finally {
        for (const db of dbs) await db.destroy();
      }
    }, 120_000);
  }
});

describe('the English mail backfill', () => {
  const BACKFILL = '030_english_mail_backfill';
  const english = (db: Db, type: string) => db.selectFrom('email_templates').select(['title', 'body', 'active_flag']).where('type', '=', type).where('language', '=', 'en').execute();

  /** A database migrated to the migration before the backfill, as an upgraded old one is. */
  async function beforeBackfill(): Promise<Db> {
    const db = (await freshDatabase()).open();
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    await db
      .deleteFrom('kysely_migration' as never)
      .where(sql.ref('name'), '=', BACKFILL)
      .execute();
    return db;
  }

  it('adds the English account-exists and account-locked mails an old database lacks, as the active ones', async () => {
    const db = await beforeBackfill();
    await db.deleteFrom('email_templates').where('type', 'in', ['account-exists', 'account-locked']).where('language', '=', 'en').execute();
    const korean = await db.selectFrom('email_templates').selectAll().where('language', '=', 'ko').orderBy('id').execute();
    expect((await migrateToLatest(db)).map((applied) => applied.name)).toEqual([BACKFILL]);
    for (const type of ['account-exists', 'account-locked'] as const) {
      expect(await english(db, type)).toEqual([{ ...DEFAULT_TEMPLATES.en[type], active_flag: 'Y' }]);
    }
    expect(await db.selectFrom('email_templates').selectAll().where('language', '=', 'ko').orderBy('id').execute()).toEqual(korean);
  });

  it('never overwrites an English row that is there, edited or not', async () => {
    const db = await beforeBackfill();
    await db.updateTable('email_templates').set({ title: 'Edited by an admin', body: 'Hi {{name}}' }).where('type', '=', 'account-exists').where('language', '=', 'en').execute();
    await db.deleteFrom('email_templates').where('type', '=', 'account-locked').where('language', '=', 'en').execute();
    const others = await db.selectFrom('email_templates').selectAll().where('type', '!=', 'account-locked').orderBy('id').execute();
    await migrateToLatest(db);
    expect(await english(db, 'account-exists')).toEqual([{ title: 'Edited by an admin', body: 'Hi {{name}}', active_flag: 'Y' }]);
    expect(await english(db, 'account-locked')).toEqual([{ ...DEFAULT_TEMPLATES.en['account-locked'], active_flag: 'Y' }]);
    expect(await db.selectFrom('email_templates').selectAll().where('type', '!=', 'account-locked').orderBy('id').execute()).toEqual(others);
  });
});
