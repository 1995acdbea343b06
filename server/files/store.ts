import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ConnectionCheck } from '../../src/shared';

/**
 * Where uploaded bytes live, by storage key; the metadata is in the uploaded_files table.
 * Local disk under DATA_DIR/uploads by default, or an S3 / GCS bucket with FILE_STORE.
 */
export interface FileStore {
  /** Where the files are, for messages: a folder or `s3://bucket/prefix`. */
  readonly location: string;
  /** Moves a finished temporary file into the store under `key`; the temporary file is gone afterwards, stored or not. */
  put(key: string, tempPath: string): Promise<void>;
  /**
   * The file's bytes, once the store has answered: a caller starts its reply only then, so a
   * missing file is AppError NOT_FOUND and a store that fails or stalls FILE_STORE_UNAVAILABLE.
   */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** A new temporary file path for an incoming upload, always on local disk. */
  tempPath(): string;
  /**
   * The file on local disk, for readers that need a path (the manual upload's reading thread
   * cannot take a stream from this one). An object store downloads a copy that release() removes.
   */
  localCopy(key: string): Promise<LocalCopy>;
  /** Throws FileStoreUnreachableError when the store cannot be used (the start-up check). */
  check(): Promise<void>;
  /**
   * Copies a finished file that stays where it is (a posting task's CSV) to `name`, a relative
   * path such as `posted/<folder>/<file>` (the LOCAL post target and its backup copies), whole
   * or not at all; answers where it now is. Local disk keeps these in DATA_DIR, beside uploads/.
   */
  publish(name: string, path: string): Promise<string>;
  /** Whether files can be published under `folder`, in words (the LOCAL target's test connection). */
  checkPublish(folder: string): Promise<ConnectionCheck>;
}

export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

/** A random storage key: the client's file name never becomes part of a path. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;

export function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('Not a storage key');
  return key;
}

/** A published file's relative path: no leading /, no empty, `.` or `..` segments (the post config's rules, checked again here). */
export function checkedName(name: string): string {
  if (name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\\'))) throw new Error(`Not a relative path: ${name}`);
  return name;
}
