import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';

/**
 * A list's total, exact while it is small and "about" once it is large (issue 18), as large admin
 * consoles do. Up to EXACT_UP_TO rows are counted on every request (a bounded scan, so a new row
 * shows at once). Above that, the full count is computed at most once per ESTIMATE_TTL_MS for the
 * same query and answered as an estimate the browser labels "about": a million-row count is no
 * longer rescanned per page, and no write path has to know about the cache, so it holds across
 * instances and for rows written by the command line as well.
 */
export const EXACT_UP_TO = 10_000;
const ESTIMATE_TTL_MS = 30_000;
const MAX_ENTRIES = 500;

export interface ListTotal {
  count: number;
  /** True when `count` is a recent full count of a list larger than EXACT_UP_TO. */
  estimated: boolean;
}

/** Per database (tests open many in one process), the full counts of large lists by their SQL and parameters. */
const largeCounts = new WeakMap<object, Map<string, { count: number; at: number }>>();

function cacheOf(db: Kysely<any>): Map<string, { count: number; at: number }> {
  let cache = largeCounts.get(db);
  if (!cache) largeCounts.set(db, (cache = new Map()));
  return cache;
}

/** `rows` selects FROM/JOINs/WHERE only: exactly the rows the list counts. */
export async function countListRows(db: Kysely<any>, rows: SelectQueryBuilder<any, any, any>, now = performance.now()): Promise<ListTotal> {
  const compiled = rows.select(sql`1`.as('one')).compile();
  const key = `${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit && now - hit.at < ESTIMATE_TTL_MS) return { count: hit.count, estimated: true };

  // A list known to be large goes straight to its full count; any other is counted up to the bound first.
  if (!hit) {
    const bounded = rows.select(sql`1`.as('one')).limit(EXACT_UP_TO + 1);
    const { count } = (await db.selectFrom(bounded.as('bounded')).select(sql<number | string>`count(*)`.as('count')).executeTakeFirstOrThrow()) as { count: number | string };
    if (Number(count) <= EXACT_UP_TO) return { count: Number(count), estimated: false };
  }
  const full = Number(((await rows.select(sql<number | string>`count(*)`.as('count')).executeTakeFirstOrThrow()) as { count: number | string }).count);
  cache.delete(key);
  if (full <= EXACT_UP_TO) return { count: full, estimated: false };
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { count: full, at: now });
  return { count: full, estimated: true };
}
