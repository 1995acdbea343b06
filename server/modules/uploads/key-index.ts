/**
 * The keys seen so far in a file, with the row that first held each, in typed arrays: 12 bytes a
 * slot instead of ~100 for a Map of strings, so a million-row preview stays small. Keys are kept
 * as 64-bit hashes (two independent 32-bit FNV-1a variants); two different keys of one file
 * colliding is about 1 in 10^7 for a million rows, and would only be reported, never written.
 */
export class KeyIndex {
  private high = new Uint32Array(1 << 16);
  private low = new Uint32Array(1 << 16);
  /** Row number + 1; 0 marks an empty slot. */
  private rows = new Int32Array(1 << 16);
  private size = 0;

  /** The row that first held `key`, or undefined after recording `row` as its first. */
  firstRowOf(key: string, row: number): number | undefined {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193 ^ key.length;
    for (let i = 0; i < key.length; i += 1) {
      const code = key.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 0x01000193);
      h2 = Math.imul(h2 ^ code, 0x5bd1e995) ^ (h2 >>> 15);
    }
    h1 >>>= 0;
    h2 >>>= 0;
    const mask = this.rows.length - 1;
    for (let slot = (h1 ^ Math.imul(h2, 0x9e3779b1)) & mask; ; slot = (slot + 1) & mask) {
      if (this.rows[slot] === 0) {
        this.high[slot] = h1;
        this.low[slot] = h2;
        this.rows[slot] = row + 1;
        if (++this.size * 2 > this.rows.length) this.grow();
        return undefined;
      }
      if (this.high[slot] === h1 && this.low[slot] === h2) return this.rows[slot] - 1;
    }
  }

  private grow(): void {
    const { high, low, rows } = this;
    this.high = new Uint32Array(rows.length * 2);
    this.low = new Uint32Array(rows.length * 2);
    this.rows = new Int32Array(rows.length * 2);
    const mask = this.rows.length - 1;
    for (let index = 0; index < rows.length; index += 1) {
      if (rows[index] === 0) continue;
      let slot = (high[index] ^ Math.imul(low[index], 0x9e3779b1)) & mask;
      while (this.rows[slot] !== 0) slot = (slot + 1) & mask;
      this.high[slot] = high[index];
      this.low[slot] = low[index];
      this.rows[slot] = rows[index];
    }
  }
}
