import type { ConnectionCheck, TargetMethod } from '../../../../src/shared';
import type { Outbound } from '../../../outbound/outbound-fetch';
import type { FileStore } from '../../../files/store';

/** A post config as a poster needs it, with the secret opened. */
export interface PostTarget {
  method: TargetMethod;
  location: string;
  data: Record<string, string>;
  secret: string | null;
  /** Every call to an admin-typed endpoint goes through it. */
  outbound: Outbound;
  /** The app's file store, where the LOCAL target writes. */
  files: FileStore;
}

/** The file a posting task sends: the mastered rows as CSV with the post config's headers, in the run's work folder. */
export interface PostFile {
  name: string;
  /** The CSV on disk; its base name is `name`. */
  path: string;
  rows: number;
  bytes: number;
  /** CRC-32 of the content (for the zip entry of a Tableau .tdsx). */
  crc: number;
  remove(): Promise<void>;
}

export interface Posted {
  /** Where the file now is (path, gs:// URL, stage path, data source id). */
  location: string;
  meta?: Record<string, unknown>;
}

export interface Poster {
  post(target: PostTarget, file: PostFile): Promise<Posted>;
  testConnection(target: PostTarget): Promise<ConnectionCheck>;
}
