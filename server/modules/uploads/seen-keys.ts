/** Bits of the filter: 16 MiB, a few false alarms in ~10 million keys at four probes. */
const DEFAULT_LOG2_BITS = 27;
const PROBES = 4;
/** A key's probes all fall in one 512-bit block (a 64-byte cache line): one memory miss per key, not four. */
const BLOCK_WORDS = 16;

/**
 * The keys already seen in a file, as a Bloom filter: a fixed-size bit array, so its memory does
 * not grow with the file. "Not seen" is certain; "maybe seen" makes the key a candidate that the
 * staged rows confirm or clear exactly (staging.ts). A clean file usually has no candidates at
 * all, and then the duplicate check costs nothing after the read.
 */
export class SeenKeys {
  private readonly words: Uint32Array;
  private readonly blockMask: number;

  constructor(log2Bits = DEFAULT_LOG2_BITS) {
    const blocks = 2 ** Math.max(log2Bits - 9, 0);
    this.words = new Uint32Array(blocks * BLOCK_WORDS);
    this.blockMask = blocks - 1;
  }

  /** Forgets every key: the reading thread reuses one filter for file after file rather than leave 16 MiB for the collector each time. */
  clear(): void {
    this.words.fill(0);
  }

  /** Records the key; answers true when it may have been recorded before. */
  add(key: string): boolean {
    // Two 32-bit hashes in one pass (FNV-1a and a multiply-xorshift).
    let first = 0x811c9dc5;
    let second = 0x9747b28c;
    for (let index = 0; index < key.length; index += 1) {
      const code = key.charCodeAt(index);
      first = Math.imul(first ^ code, 0x01000193);
      second = Math.imul(second ^ code, 0x5bd1e995);
      second ^= second >>> 15;
    }
    const base = (first & this.blockMask) * BLOCK_WORDS;
    // Nine bits per probe pick one of the block's 512 bits: three slices of the second hash and
    // the top of the first (its low bits chose the block).
    const bits = [second & 511, (second >>> 9) & 511, (second >>> 18) & 511, first >>> 23];
    let seen = true;
    for (let probe = 0; probe < PROBES; probe += 1) {
      const bit = bits[probe];
      const word = base + (bit >>> 5);
      const flag = 1 << (bit & 31);
      if ((this.words[word] & flag) === 0) {
        seen = false;
        this.words[word] |= flag;
      }
    }
    return seen;
  }
}
