import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Prng } from './prng';

/** A seeded demo account, for the features that seed after the users (owners, creators, shares). */
export interface DemoAccount {
  id: number;
  email: string;
  authority: string;
  rank: number;
  regionCode: string;
  countries: string[];
  approved: boolean;
}

export interface DemoContext {
  trx: Transaction<Database>;
  rng: Prng;
  /** The moment the sample is anchored to: histories run over the month before it. */
  now: Date;
  /** argon2id hash of the one demo password, computed once. */
  passwordHash: string;
  accounts: DemoAccount[];
  /** Stores a file in the upload store and answers its storage key; removed again if the seed fails. */
  storeFile(bytes: Buffer): Promise<string>;
  /** Rows written per table, for the summary line. */
  counted(table: string, rows: number): void;
}

/**
 * One feature's part of the demo data (server/ops/demo/<feature>.ts). A feature runs only when its
 * tables exist, so a feature's file can land before or after its migration.
 */
export interface DemoFeature {
  name: string;
  tables: (keyof Database & string)[];
  seed(demo: DemoContext): Promise<void>;
}

/** An ISO time `daysAgo` days (fractional) before the anchor. */
export function daysBefore(now: Date, daysAgo: number): string {
  return new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
}

/** Inserts in chunks that stay under both engines' bound-parameter limits. */
export async function insertBatched<T extends keyof Database & string>(demo: DemoContext, table: T, rows: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 400) {
    await demo.trx
      .insertInto(table)
      .values(rows.slice(start, start + 400) as never)
      .execute();
  }
  demo.counted(table, rows.length);
}
