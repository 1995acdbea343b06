import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import * as tar from 'tar';
import { OpsError } from './ops-error';
import { quotedIdentifier, sqliteTableNames } from './sqlite-tables';

export const BACKUP_FORMAT = 'campaign-console-backup';
const MANIFEST = 'backup.json';
const DATABASE_FILE = 'console.sqlite';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  createdAt: string;
  database: typeof DATABASE_FILE;
  migrations: string[];
  tables: Record<string, number>;
  /** Uploaded files in the archive; 0 when they live in a bucket. */
  uploads: number;
  /** FILE_STORE of the backed-up console: its files are in that bucket, not in the archive. */
  fileStore?: string;
}

/**
 * One archive (gzipped tar) with a consistent snapshot of the SQLite database, taken through
 * SQLite's online backup API while the server keeps writing, plus `DATA_DIR/uploads`.
 * The snapshot is taken first, so every file it references was already in the store.
 * With FILE_STORE the files stay in the bucket, kept by its own versioning: copying a bucket into
 * one archive would not scale with it, and objects are never changed in place (a key is written
 * once, deleted with its record), so versioning alone restores the files of any moment.
 */
export async function createBackup(source: { sqlitePath: string; dataDir: string; fileStore?: string }, archivePath: string): Promise<BackupManifest> {
  const target = resolve(archivePath);
  if (existsSync(target)) throw new OpsError(`${archivePath} already exists; choose a new file name (nothing was overwritten).`);
  if (!existsSync(source.sqlitePath)) throw new OpsError(`No database at ${source.sqlitePath}: check DATA_DIR.`);
  if (!existsSync(dirname(target))) throw new OpsError(`The folder ${dirname(archivePath)} does not exist.`);
  const staging = mkdtempSync(join(dirname(target), `.${basename(target)}.`));
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const live = new SqliteDatabase(source.sqlitePath, { fileMustExist: true });
    try {
      live.pragma('busy_timeout = 5000');
      // After the first step, copy the rest in one step: a writer between small steps would
      // restart the copy again and again.
      await live.backup(join(staging, DATABASE_FILE), { progress: () => 0x7fffffff });
    } finally {
      live.close();
    }
    const manifest = describeSnapshot(join(staging, DATABASE_FILE), source);
    writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const plainTar = `${partial}.tar`;
    await tar.create({ file: plainTar, cwd: staging, portable: true }, [MANIFEST, DATABASE_FILE]);
    if (!source.fileStore && existsSync(join(source.dataDir, 'uploads'))) {
      // Dot folders (uploads/.incoming, uploads/.staging) hold work in progress, not stored files.
      await tar.replace({ file: plainTar, cwd: source.dataDir, portable: true, filter: (path) => !/^uploads\/\./.test(path) }, ['uploads']);
    }
    await pipeline(createReadStream(plainTar), createGzip(), createWriteStream(partial, { flags: 'wx' }));
    rmSync(plainTar, { force: true });
    await rename(partial, target);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
    rmSync(`${partial}.tar`, { force: true });
  }
}

function describeSnapshot(snapshotPath: string, { dataDir, fileStore }: { dataDir: string; fileStore?: string }): BackupManifest {
  const snapshot = new SqliteDatabase(snapshotPath, { readonly: true });
  try {
    const names = sqliteTableNames(snapshot);
    const tables = Object.fromEntries(
      names.map((name) => [
        name,
        snapshot
          .prepare(`select count(*) from ${quotedIdentifier(name)}`)
          .pluck()
          .get() as number,
      ]),
    );
    const migrations = names.includes('kysely_migration') ? (snapshot.prepare('select name from kysely_migration order by name').pluck().all() as string[]) : [];
    const uploadsDir = join(dataDir, 'uploads');
    const uploads = !fileStore && existsSync(uploadsDir) ? readdirSync(uploadsDir).filter((name) => statSync(join(uploadsDir, name)).isFile()).length : 0;
    return { format: BACKUP_FORMAT, formatVersion: 1, createdAt: new Date().toISOString(), database: DATABASE_FILE, migrations, tables, uploads, ...(fileStore ? { fileStore } : {}) };
  } finally {
    snapshot.close();
  }
}

/**
 * Restores an archive made by createBackup into an empty (or missing) data directory. The archive
 * is checked whole first (only backup.json, console.sqlite and the flat files of uploads/, no link,
 * no `..`, no absolute path) and unpacked beside the target with owner-only modes, whatever modes
 * the archive records; the target is filled only once the database passes SQLite's integrity check.
 * Every refusal is an OpsError: one sentence, and nothing in the target.
 */
export async function restoreBackup(archivePath: string, dataDir: string): Promise<BackupManifest> {
  const target = resolve(dataDir);
  if (!existsSync(archivePath) || !statSync(archivePath).isFile()) throw new OpsError(`No backup file at ${archivePath}.`);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new OpsError(`The data directory ${dataDir} is not empty: restore only into an empty or new directory (nothing was changed).`);
  }
  const manifest = await readManifest(archivePath);
  await mkdir(dirname(target), { recursive: true });
  const staging = mkdtempSync(join(dirname(target), `.${basename(target)}.restore-`));
  try {
    await unpack(archivePath, staging);
    checkDatabase(archivePath, join(staging, DATABASE_FILE));
    rmSync(join(staging, MANIFEST), { force: true });
    if (existsSync(target)) {
      for (const name of readdirSync(staging)) await rename(join(staging, name), join(target, name));
    } else {
      await rename(staging, target);
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function unpack(archivePath: string, staging: string): Promise<void> {
  try {
    await tar.extract({
      file: archivePath,
      cwd: staging,
      strict: true,
      preserveOwner: false,
      filter: (path, entry) => {
        if (!('type' in entry) || !isBackupEntry(path, entry.type)) return false;
        // Set before the entry is written: no setuid, setgid, sticky, group or other bits.
        entry.mode = entry.type === 'Directory' ? 0o700 : 0o600;
        return true;
      },
    });
  } catch (error) {
    throw new OpsError(`${archivePath} could not be unpacked (${(error as Error).message}); nothing was restored.`);
  }
}

function checkDatabase(archivePath: string, database: string): void {
  if (!existsSync(database)) throw new OpsError(`${archivePath} has no database in it: it is not a complete backup.`);
  let check: unknown;
  try {
    const restored = new SqliteDatabase(database, { fileMustExist: true });
    try {
      check = restored.pragma('integrity_check', { simple: true });
    } finally {
      restored.close();
    }
  } catch (error) {
    check = (error as Error).message;
  }
  if (check !== 'ok') throw new OpsError(`The database in ${archivePath} fails SQLite's integrity check (${String(check)}); nothing was restored.`);
}

/** backup.json and console.sqlite as files, uploads/ and the plain files right in it: nothing else. */
function isBackupEntry(path: string, type: string): boolean {
  const normal = path.replace(/^\.\//, '');
  if (normal === MANIFEST || normal === DATABASE_FILE) return type === 'File';
  if (normal === 'uploads' || normal === 'uploads/') return type === 'Directory';
  // One segment, not `.`, `..` or another dot name, no backslash: nothing can land outside uploads/.
  return /^uploads\/(?!\.)[^/\\]+$/.test(normal) && type === 'File';
}

/** Reads backup.json from the archive; anything that is not one of our archives is refused. */
async function readManifest(archivePath: string): Promise<BackupManifest> {
  let text: string | undefined;
  let foreign: string | undefined;
  try {
    await tar.list({
      file: archivePath,
      strict: true,
      onReadEntry: (entry) => {
        if (!isBackupEntry(entry.path, entry.type)) foreign ??= entry.path;
        if (entry.path === MANIFEST) {
          const chunks: Buffer[] = [];
          entry.on('data', (chunk: Buffer) => chunks.push(chunk));
          entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
        } else {
          entry.resume();
        }
      },
    });
  } catch (error) {
    throw new OpsError(`${archivePath} is not a console backup (${(error as Error).message}).`);
  }
  if (foreign) throw new OpsError(`${archivePath} is not a console backup: it holds ${foreign}.`);
  let manifest: Partial<BackupManifest> | undefined;
  try {
    manifest = text ? JSON.parse(text) : undefined;
  } catch {
    // Falls through to the refusal below.
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.formatVersion !== 1) {
    throw new OpsError(`${archivePath} is not a console backup (no ${MANIFEST} of format ${BACKUP_FORMAT} v1).`);
  }
  return manifest as BackupManifest;
}
