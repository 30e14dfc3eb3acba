import { createCipheriv, createHash, randomFillSync } from 'node:crypto';

/**
 * Reel stops for the simulation and the RNG tests: 32-bit words from node:crypto in large batches,
 * scaled to a strip length by rejection sampling. A word at or above the largest multiple of the length
 * below 2^32 is thrown away, so every stop is exactly equally likely (what remains is then reduced
 * modulo the length: an unbiased scaling, not the modulo of a raw value). Play draws its stops one by
 * one with crypto.randomInt, which does the same.
 */
export type WordSource = (buffer: Uint32Array) => void;

/** node:crypto's generator, the one play uses. */
export const cryptoWords: WordSource = (buffer) => {
  randomFillSync(buffer);
};

/**
 * A repeatable stream for tests: AES-256-CTR's keystream under a key made from `seed` (node:crypto, a
 * generator as good as the real one, but the same words every run so a test's result is fixed).
 */
export function seededWords(seed: string): WordSource {
  const key = createHash('sha256').update(seed).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return (buffer) => {
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const stream = cipher.update(new Uint8Array(bytes.length));
    bytes.set(stream);
  };
}

const TWO_POW_32 = 2 ** 32;

export class StopSampler {
  private readonly buffer: Uint32Array;
  private at: number;

  constructor(
    private readonly source: WordSource = cryptoWords,
    size = 1 << 16,
  ) {
    this.buffer = new Uint32Array(size);
    this.at = size;
  }

  /** The largest multiple of `length` that fits in 32 bits: words from it up are rejected. */
  static limit(length: number): number {
    if (!Number.isInteger(length) || length < 1 || length > TWO_POW_32) throw new RangeError('bad length');
    return TWO_POW_32 - (TWO_POW_32 % length);
  }

  /** A uniform integer in [0, length), given `limit` = StopSampler.limit(length). */
  next(length: number, limit: number): number {
    for (;;) {
      if (this.at === this.buffer.length) {
        this.source(this.buffer);
        this.at = 0;
      }
      const word = this.buffer[this.at++] as number;
      if (word < limit) return word % length;
    }
  }

  /** Fills `out[offset .. offset + lengths.length)` with one stop per reel. */
  stops(lengths: Int32Array, limits: Float64Array, out: Int32Array, offset: number): void {
    for (let reel = 0; reel < lengths.length; reel += 1) {
      out[offset + reel] = this.next(lengths[reel] as number, limits[reel] as number);
    }
  }
}
