import { BoundedMap } from '../../bounded-map';

/**
 * Counts of the log per filter, kept for a short time: the log grows by a row per call, so an
 * exact count on every page would rescan a million rows for a number that is stale at once.
 */
export class CountCache {
  private readonly entries: BoundedMap<string, { count: number; at: number }>;
  constructor(
    private readonly ttlMs: number,
    maxEntries = 200,
  ) {
    this.entries = new BoundedMap(maxEntries);
  }

  async get(key: string, now: number, compute: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.count;
    const count = await compute();
    this.entries.set(key, { count, at: now });
    return count;
  }
}
