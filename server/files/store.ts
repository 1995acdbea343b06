import { createReadStream, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live, by storage key; the metadata is in the uploaded_files table.
 * Local disk now; an object-store implementation can replace it behind the same three calls.
 */
export interface FileStore {
  /** Moves a finished temporary file into the store under `key`. */
  put(key: string, tempPath: string): Promise<void>;
  get(key: string): Readable;
  delete(key: string): Promise<void>;
  /** A new temporary file path for an incoming upload, on the store's own disk. */
  tempPath(): string;
  /**
   * A local path to read the file in place (the manual upload's reader streams it in a worker
   * thread, which cannot take a stream from this one). An object store would download it here.
   */
  localPath(key: string): string;
}

/** A random storage key: the client's file name never becomes part of a path. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('Not a storage key');
  return key;
}

/** Files under `<dataDir>/uploads/`, named by their storage key; uploads arrive in `uploads/.incoming/`. */
export function localFileStore(dataDir: string): FileStore {
  const root = join(dataDir, 'uploads');
  const incoming = join(root, '.incoming');
  mkdirSync(incoming, { recursive: true });
  return {
    async put(key, tempPath) {
      // tempPath() is on the same disk, so this is an atomic rename.
      await rename(tempPath, join(root, checkedKey(key)));
    },
    get(key) {
      return createReadStream(join(root, checkedKey(key)));
    },
    async delete(key) {
      await rm(join(root, checkedKey(key)), { force: true });
    },
    tempPath() {
      return join(incoming, `${randomBytes(16).toString('hex')}.part`);
    },
    localPath(key) {
      return join(root, checkedKey(key));
    },
  };
}
