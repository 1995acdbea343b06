import { sql, type CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import { BoundedMap } from '../bounded-map';
import { tablesIn, writeCounterOf } from './write-counter';

/**
 * A list's total, exact while it is small and "about" once it is large, as large admin
 * consoles do. Up to EXACT_UP_TO rows are counted exactly (a bounded scan), and the count is reused
 * until a statement other than a SELECT goes through the same handle, so a new row shows at once.
 * Above that, the full count is computed at most once per ESTIMATE_TTL_MS for the
 * same query and answered as an estimate the browser labels "about": a million-row count is no
 * longer rescanned per page, and no write path has to know about the cache, so it holds across
 * instances and for rows written by the command line as well.
 */
export const EXACT_UP_TO = 10_000;
const ESTIMATE_TTL_MS = 30_000;
/**
 * A small list's exact total is reused while no write went through this database handle, for at
 * most this long: a write through another instance (or another handle) shows within it. Counting
 * 10,000 rows is cheap in SQLite but costs PostgreSQL ten times the page itself.
 */
const EXACT_TTL_MS = 1_000;
const MAX_ENTRIES = 500;

export interface ListTotal {
  count: number;
  /** True when `count` is a recent full count of a list larger than EXACT_UP_TO. */
  estimated: boolean;
}

interface KnownCount {
  count: number;
  at: number;
  /** Set for an exact count: the tables it reads and their write count when it was taken. */
  writes?: { tables: string[]; version: number };
}

/** Per database (tests open many in one process), the counts of lists by their SQL and parameters. */
const knownCounts = new WeakMap<object, BoundedMap<string, KnownCount>>();

function cacheOf(db: Kysely<any>): BoundedMap<string, KnownCount> {
  let cache = knownCounts.get(db);
  if (!cache) knownCounts.set(db, (cache = new BoundedMap(MAX_ENTRIES)));
  return cache;
}

/**
 * The rows a list counts, compiled as they are selected (`select 1 as one`, the cache's key), and
 * how to build them when a count must run: a list compiled once per shape (preparedList) passes
 * both, so a count answered from the cache builds nothing.
 */
export interface CountedRows {
  compiled: CompiledQuery;
  rows(): SelectQueryBuilder<any, any, any>;
}

/** `rows` selects FROM/JOINs/WHERE only: exactly the rows the list counts. */
export async function countListRows(db: Kysely<any>, given: SelectQueryBuilder<any, any, any> | CountedRows, now = performance.now()): Promise<ListTotal> {
  const { compiled, rows } = 'compiled' in given ? given : { compiled: given.select(sql`1`.as('one')).compile(), rows: () => given };
  const key = `${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
  const cache = cacheOf(db);
  const hit = cache.get(key);
  const counter = writeCounterOf(db);
  if (hit?.writes) {
    if (counter?.version(hit.writes.tables) === hit.writes.version && now - hit.at < EXACT_TTL_MS) return { count: hit.count, estimated: false };
  } else if (hit && now - hit.at < ESTIMATE_TTL_MS) return { count: hit.count, estimated: true };
  // Read before counting: a write racing the count leaves the count unusable next time.
  const tables = hit?.writes?.tables ?? (counter ? tablesIn(compiled.query) : []);
  const version = counter?.version(tables);

  // A list known to be large goes straight to its full count; any other is counted up to the bound first.
  if (!hit || hit.writes !== undefined) {
    const bounded = rows()
      .select(sql`1`.as('one'))
      .limit(EXACT_UP_TO + 1);
    const { count } = (await db
      .selectFrom(bounded.as('bounded'))
      .select(sql<number | string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow()) as { count: number | string };
    if (Number(count) <= EXACT_UP_TO) {
      if (version !== undefined) cache.set(key, { count: Number(count), at: now, writes: { tables, version } });
      return { count: Number(count), estimated: false };
    }
  }
  const full = Number(
    (
      (await rows()
        .select(sql<number | string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow()) as { count: number | string }
    ).count,
  );
  if (full <= EXACT_UP_TO) {
    cache.delete(key);
    return { count: full, estimated: false };
  }
  cache.set(key, { count: full, at: now });
  return { count: full, estimated: true };
}
