/**
 * A Map that holds at most `limit` entries, for the server's in-memory caches (verified tokens,
 * sessions, compiled list shapes, list counts, record versions). Setting a key makes it the newest;
 * a new key past the limit pushes out the oldest, so a cache stays bounded however many keys it sees.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    this.delete(key);
    if (this.size >= this.limit) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}
