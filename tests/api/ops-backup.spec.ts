import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedFoundation } from '../../server/db/seed';
import { passwordHasher } from '../../server/auth/passwords';
import { restoreBackup } from '../../server/ops/backup';
import { OpsError } from '../../server/ops/ops-error';
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

/** A tar entry written by hand, so an archive can hold what no honest tool writes: `..`, links, setuid modes. */
interface RawEntry {
  path: string;
  /** '0' file, '1' hard link, '2' symbolic link, '5' directory. */
  type?: '0' | '1' | '2' | '5';
  mode?: number;
  body?: Buffer;
  link?: string;
}

function rawTar(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const { path, type = '0', mode = 0o644, body = Buffer.alloc(0), link = '' } of entries) {
    const header = Buffer.alloc(512);
    const field = (text: string, offset: number, length: number) => header.write(text, offset, length, 'utf8');
    const octal = (value: number, offset: number, length: number) => field(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
    field(path, 0, 100);
    octal(mode, 100, 8);
    octal(0, 108, 8);
    octal(0, 116, 8);
    octal(type === '0' ? body.length : 0, 124, 12);
    octal(Math.floor(Date.now() / 1000), 136, 12);
    field(' '.repeat(8), 148, 8);
    field(type, 156, 1);
    field(link, 157, 100);
    field('ustar\0', 257, 6);
    field('00', 263, 2);
    const checksum = header.reduce((sum, byte) => sum + byte, 0);
    field(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 8);
    blocks.push(header);
    if (type === '0') blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

/** The manifest and database of a real backup, around the entries under test. */
function backupWith(entries: RawEntry[], database = readFileSync(join(dataDir, 'console.sqlite'))): Buffer {
  const manifest = { format: 'campaign-console-backup', formatVersion: 1, createdAt: new Date().toISOString(), database: 'console.sqlite', migrations: [], tables: {}, uploads: 1 };
  return rawTar([{ path: 'backup.json', body: Buffer.from(JSON.stringify(manifest)) }, { path: 'console.sqlite', body: database }, ...entries]);
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

  it('writes restored files 0600 and folders 0700, whatever modes the archive records', () => {
    const archive = join(root, 'setuid.backup');
    writeFileSync(
      archive,
      backupWith([
        { path: 'uploads/', type: '5', mode: 0o7777 },
        { path: `uploads/${UPLOAD_KEY}`, mode: 0o4777, body: Buffer.from('uploaded bytes') },
      ]),
    );
    const restoredDir = join(root, 'restored-modes');
    const run = cli('restore', [archive], { DATA_DIR: restoredDir });
    expect(run.status, run.out).toBe(0);
    const mode = (path: string) => statSync(join(restoredDir, path)).mode & 0o7777;
    expect(mode(`uploads/${UPLOAD_KEY}`)).toBe(0o600);
    expect(mode('console.sqlite')).toBe(0o600);
    expect(mode('uploads')).toBe(0o700);
    expect(mode('.')).toBe(0o700);
  });

  it('refuses a bad archive with one sentence, no stack trace and nothing written', async () => {
    const damaged = Buffer.from(readFileSync(join(dataDir, 'console.sqlite')));
    damaged.fill(0x5a, 0, 100);
    const truncated = backupWith([]);
    const cases: [string, Buffer, RegExp][] = [
      ['dotdot', backupWith([{ path: 'uploads/../../escaped', body: Buffer.from('outside') }]), /is not a console backup: it holds uploads\/\.\.\/\.\.\/escaped\./],
      ['dotdot-dir', backupWith([{ path: 'uploads/..', type: '5' }]), /is not a console backup/],
      ['absolute', backupWith([{ path: `${root}/absolute-escaped`, body: Buffer.from('outside') }]), /is not a console backup/],
      ['symlink', backupWith([{ path: `uploads/${UPLOAD_KEY}`, type: '2', link: '/etc/passwd' }]), /is not a console backup/],
      ['hardlink', backupWith([{ path: `uploads/${UPLOAD_KEY}`, type: '1', link: 'console.sqlite' }]), /is not a console backup/],
      ['nested', backupWith([{ path: 'uploads/deeper/file', body: Buffer.from('x') }]), /is not a console backup/],
      ['corrupt-database', backupWith([], damaged), /fails SQLite's integrity check/],
      ['not-a-database', backupWith([], Buffer.from('just text, not SQLite\n'.repeat(100))), /fails SQLite's integrity check/],
      ['truncated', truncated.subarray(0, truncated.length - 200), /is not a console backup|could not be unpacked/],
    ];
    for (const [name, bytes, message] of cases) {
      const archive = join(root, `${name}.backup`);
      writeFileSync(archive, bytes);
      const target = join(root, `never-${name}`);
      // The command line prints an OpsError's one sentence as it is, anything else with its stack.
      await expect(restoreBackup(archive, target), name).rejects.toSatisfy((error) => error instanceof OpsError && message.test(error.message) && !error.message.includes('\n'));
      expect(existsSync(target), name).toBe(false);
    }
    // And so the command line says, for a path escape and a damaged database.
    for (const name of ['dotdot', 'corrupt-database']) {
      const run = cli('restore', [join(root, `${name}.backup`)], { DATA_DIR: join(root, `never-${name}`) });
      expect(run.status, `${name}: ${run.out}`).toBe(1);
      expect(run.out.trim().split('\n'), name).toHaveLength(1);
      expect(run.out, name).not.toMatch(/^\s+at /m);
    }
    expect(existsSync(join(root, 'escaped'))).toBe(false);
    expect(existsSync(join(root, 'absolute-escaped'))).toBe(false);
    expect(readdirSync(root).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
