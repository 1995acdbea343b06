import type { ConnectionCheck, TargetMethod } from '../../../src/shared';

/** A post config as a poster needs it, with the secret opened. */
export interface PostTarget {
  method: TargetMethod;
  location: string;
  data: Record<string, string>;
  secret: string | null;
  dataDir: string;
}

/** The file a posting task sends: the mastered rows as CSV with the post config's headers. */
export interface PostFile {
  name: string;
  content: Buffer;
  rows: number;
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
