import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedFoundation } from '../../server/db/seed';
import { passwordHasher } from '../../server/auth/passwords';
import { migrateData } from '../../server/ops/migrate-data';
import { seedDemo } from '../../server/ops/demo';
import { localFileStore } from '../../server/files/local-store';
import { tableChecksum } from './ops-checksum';

const url = process.env.TEST_DATABASE_URL;
const schema = `m_${randomBytes(6).toString('hex')}`;
let dir: string;
let sqlitePath: string;

async function pgQuery(text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A source database with rows in the foundation's tables, made through the real server. */
async function fillSource(): Promise<void> {
  const config = defaultConfig({
    dataDir: dir,
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKeys: [randomBytes(32).toString('hex')],
    passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    logLevel: 'silent',
  });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seedFoundation(db, { hasher: passwordHasher(config.passwordHash), adminEmail: 'admin@example.com', adminPassword: 'Admin#2024x', nowIso: new Date().toISOString() });
  const mails: string[] = [];
  const app = await buildApp(config, { db, logger: false, observeMail: (mail) => mails.push(mail.text) });
  const first = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'admin@example.com', password: 'Admin#2024x' } });
  await app.ctx.mailer.idle();
  const code = mails.at(-1)!.match(/\b(\d{6})\b/)![1];
  await app.inject({ method: 'POST', url: '/api/auth/signin/otp', payload: { challengeToken: first.json().data.challengeToken, code } });
  await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'admin@example.com', password: 'wrong#123' } });
  const now = new Date().toISOString();
  await db
    .insertInto('uploaded_files')
    .values({
      id: randomBytes(16).toString('hex'),
      purpose: 'template-preview',
      original_name: 'p.png',
      content_type: 'image/png',
      size_bytes: 3,
      sha256: 'x'.repeat(64),
      storage_key: 'a'.repeat(32),
      created_by: 1,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('templates')
    .values({ name: 'Weekly "media" mix', data_type_code: 'MEDIA', description: "Quotes ' and unicode 한국어", status: 'ACTIVE', file_id: null, created_at: now, updated_at: now })
    .execute();
  await db.insertInto('alert_mails').values({ procedure: 'collect', error_id: 'E1', subtitle: 's', content: 'c', created_at: now, updated_at: now }).execute();
  await seedDemo(db, { hasher: passwordHasher(config.passwordHash), files: localFileStore(dir), force: true });
  await app.close();
  await db.destroy();
}

describe.skipIf(!url)('migrate-data: SQLite → PostgreSQL', () => {
  let target: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-migrate-'));
    sqlitePath = join(dir, 'console.sqlite');
    await fillSource();
    await pgQuery(`CREATE SCHEMA ${schema}`);
    target = openDatabase({ databaseUrl: url, sqlitePath: '', pgSchema: schema });
  });
  afterAll(async () => {
    await target?.destroy();
    await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table with equal row counts and checksums, and ids keep generating after the copied ones', async () => {
    const copied = await migrateData({ fromSqlite: sqlitePath, toUrl: url!, pgSchema: schema, batchRows: 250 });
    const source = openDatabase({ sqlitePath });
    try {
      const sourceTables = (await source.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
      expect(Object.keys(copied).sort()).toEqual(sourceTables.sort());
      expect(Object.values(copied).filter((rows) => rows > 0).length).toBeGreaterThanOrEqual(15);
      for (const table of sourceTables) {
        expect({ table, ...(await tableChecksum(target, table)) }).toEqual({ table, ...(await tableChecksum(source, table)) });
      }
    } finally {
      await source.destroy();
    }
    const now = new Date().toISOString();
    const lastCopied = await target
      .selectFrom('alert_mails')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const inserted = await target
      .insertInto('alert_mails')
      .values({ procedure: 'post', error_id: 'E2', subtitle: 's', content: 'c', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBe(Number(lastCopied.id) + 1);
  });

  it('refuses a target that already has rows, writing nothing', async () => {
    const before = await tableChecksum(target, 'admins');
    const alertsBefore = await tableChecksum(target, 'alert_mails');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/cli/migrate-data.ts', '--from', `sqlite:${sqlitePath}`, '--to', url!, '--schema', schema], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/already has rows \(table \w+\): copy only into an empty database/);
    expect(await tableChecksum(target, 'admins')).toEqual(before);
    expect(await tableChecksum(target, 'alert_mails')).toEqual(alertsBefore);
  });

  it('refuses bad arguments and a missing source with a usage line', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/cli/migrate-data.ts', ...args], { encoding: 'utf8' });
    expect(run('--to', url!).stderr).toMatch(/Usage: npm run migrate-data/);
    expect(run('--from', sqlitePath, '--to', url!).stderr).toMatch(/--from must be sqlite:<path>/);
    const missing = run('--from', `sqlite:${join(dir, 'nope.sqlite')}`, '--to', url!);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/No SQLite database at/);
  }, 120_000); // three CLI processes, each compiling TypeScript at start
});
