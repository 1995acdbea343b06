/** Bits of the filter: 16 MiB, a few false alarms in ~10 million keys at four probes. */
const DEFAULT_LOG2_BITS = 27;
const PROBES = 4;

/**
 * The keys already seen in a file, as a Bloom filter: a fixed-size bit array, so its memory does
 * not grow with the file. "Not seen" is certain; "maybe seen" makes the key a candidate that the
 * staged rows confirm or clear exactly (staging.ts). A clean file usually has no candidates at
 * all, and then the duplicate check costs nothing after the read.
 */
export class SeenKeys {
  private readonly words: Uint32Array;
  private readonly mask: number;

  constructor(log2Bits = DEFAULT_LOG2_BITS) {
    this.words = new Uint32Array(2 ** Math.max(log2Bits - 5, 0));
    this.mask = 2 ** log2Bits - 1;
  }

  /** Records the key; answers true when it may have been recorded before. */
  add(key: string): boolean {
    // Two 32-bit hashes in one pass (FNV-1a and a multiply-xorshift), combined per probe.
    let first = 0x811c9dc5;
    let second = 0x9747b28c;
    for (let index = 0; index < key.length; index += 1) {
      const code = key.charCodeAt(index);
      first = Math.imul(first ^ code, 0x01000193);
      second = Math.imul(second ^ code, 0x5bd1e995);
      second ^= second >>> 15;
    }
    second |= 1;
    let seen = true;
    for (let probe = 0; probe < PROBES; probe += 1) {
      const bit = (first + Math.imul(probe, second)) & this.mask;
      const word = bit >>> 5;
      const flag = 1 << (bit & 31);
      if ((this.words[word] & flag) === 0) {
        seen = false;
        this.words[word] |= flag;
      }
    }
    return seen;
  }
}
