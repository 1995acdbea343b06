import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedFoundation } from '../../server/db/seed';
import { passwordHasher } from '../../server/auth/passwords';
import { spawnServer } from './ops-child';

let root: string;
let dataDir: string;
const UPLOAD_KEY = 'a'.repeat(32);

function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `server/ops/cli/${script}.ts`, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

function counts(path: string) {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    return {
      logs: sqlite.prepare("select count(*) from system_logs where end_point = '/api/writer'").pluck().get() as number,
      access: sqlite.prepare("select count(*) from access_history where email = 'writer@example.com'").pluck().get() as number,
      admins: sqlite.prepare('select count(*) from admins').pluck().get() as number,
      integrity: sqlite.pragma('integrity_check', { simple: true }),
    };
  } finally {
    sqlite.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'console-backup-'));
  dataDir = join(root, 'data');
  const db = openDatabase({ sqlitePath: join(dataDir, 'console.sqlite') });
  await migrateToLatest(db);
  await seedFoundation(db, { hasher: passwordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }), adminPassword: 'Admin#2024x', nowIso: new Date().toISOString() });
  await db.destroy();
  mkdirSync(join(dataDir, 'uploads', '.incoming'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', UPLOAD_KEY), 'uploaded bytes');
  writeFileSync(join(dataDir, 'uploads', '.incoming', 'half.part'), 'still arriving');
  mkdirSync(join(dataDir, 'uploads', '.staging'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', '.staging', '7.db'), 'checked rows waiting for a commit');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('backup and restore', () => {
  it('takes a consistent online backup while a writer commits, and restores it into an empty data dir', async () => {
    const writer = spawnServer('tests/api/fixtures/ops-writer.ts', { SQLITE_PATH: join(dataDir, 'console.sqlite') });
    await writer.waitFor(/WRITING/);
    const archive = join(root, 'console.backup');
    const backup = cli('backup', [archive], { DATA_DIR: dataDir });
    writer.child.kill('SIGKILL');
    await writer.exited;
    expect(backup.out).toMatch(/Backup written to/);
    expect(backup.status).toBe(0);

    const restoredDir = join(root, 'restored');
    const restore = cli('restore', [archive], { DATA_DIR: restoredDir });
    expect(restore.status, restore.out).toBe(0);
    expect(restore.out).toMatch(/Restored the backup/);
    const restored = counts(join(restoredDir, 'console.sqlite'));
    const live = counts(join(dataDir, 'console.sqlite'));
    expect(restored.integrity).toBe('ok');
    // Each writer transaction adds 20 rows to both tables: a consistent snapshot holds whole ones.
    expect(restored.logs).toBe(restored.access);
    expect(restored.logs % 20).toBe(0);
    expect(restored.logs).toBeGreaterThan(0);
    expect(restored.logs).toBeLessThan(live.logs);
    expect(restored.admins).toBe(1);
    expect(readFileSync(join(restoredDir, 'uploads', UPLOAD_KEY), 'utf8')).toBe('uploaded bytes');
    expect(readdirSync(join(restoredDir, 'uploads'))).toEqual([UPLOAD_KEY]);
    expect(readdirSync(root).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('with FILE_STORE leaves the files to the bucket, says so, and records the bucket for the restore', async () => {
    const archive = join(root, 'bucket.backup');
    const backup = cli('backup', [archive], { DATA_DIR: dataDir, FILE_STORE: 's3://console-files/prod' });
    expect(backup.status, backup.out).toBe(0);
    expect(backup.out).toMatch(/the uploaded files stay in s3:\/\/console-files\/prod and are not in this archive: keep them with the bucket's own versioning/);
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.sort()).toEqual(['backup.json', 'console.sqlite']);

    const restoredDir = join(root, 'restored-bucket');
    const restore = cli('restore', [archive], { DATA_DIR: restoredDir });
    expect(restore.status, restore.out).toBe(0);
    expect(restore.out).toMatch(/its uploaded files are in s3:\/\/console-files\/prod: start with FILE_STORE=s3:\/\/console-files\/prod/);
    expect(readdirSync(restoredDir)).toEqual(['console.sqlite']);
  });

  it('refuses to overwrite an existing archive', () => {
    const archive = join(root, 'existing.backup');
    writeFileSync(archive, 'keep me');
    const run = cli('backup', [archive], { DATA_DIR: dataDir });
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/already exists/);
    expect(readFileSync(archive, 'utf8')).toBe('keep me');
  });

  it('refuses a file that is not a backup, and an archive of something else, creating nothing', async () => {
    const notTar = join(root, 'notes.txt');
    writeFileSync(notTar, 'just some text, not an archive\n'.repeat(40));
    const target = join(root, 'never');
    const first = cli('restore', [notTar], { DATA_DIR: target });
    expect(first.status).toBe(1);
    expect(first.out).toMatch(/is not a console backup/);

    const otherDir = join(root, 'other');
    mkdirSync(otherDir);
    writeFileSync(join(otherDir, 'console.sqlite'), 'not a database');
    const otherTar = join(root, 'other.tgz');
    await tar.create({ file: otherTar, gzip: true, cwd: otherDir }, ['console.sqlite']);
    const second = cli('restore', [otherTar], { DATA_DIR: target });
    expect(second.status).toBe(1);
    expect(second.out).toMatch(/is not a console backup/);

    const missing = cli('restore', [join(root, 'missing.backup')], { DATA_DIR: target });
    expect(missing.status).toBe(1);
    expect(missing.out).toMatch(/No backup file/);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses to restore into a data dir that is not empty, leaving it as it was', () => {
    const archive = join(root, 'console.backup');
    const busyDir = join(root, 'busy');
    mkdirSync(busyDir);
    writeFileSync(join(busyDir, 'console.sqlite'), 'the live database');
    const run = cli('restore', [archive], { DATA_DIR: busyDir });
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/is not empty/);
    expect(readdirSync(busyDir)).toEqual(['console.sqlite']);
    expect(readFileSync(join(busyDir, 'console.sqlite'), 'utf8')).toBe('the live database');
  });
});
