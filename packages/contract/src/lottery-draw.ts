/**
 * How a lottery draw follows from its seed, shared by the server (which draws) and the web app's
 * verification page (which recomputes): zod-free, and only the Web Crypto API (Node 20 and browsers).
 *
 * The seed is 32 random bytes (node:crypto) chosen when betting closes; its SHA-256 is published at
 * once, the seed itself with the result. The numbers come from the stream
 * SHA-256(seed || counter as 4 bytes big-endian), counter 0, 1, 2, ...: each 4 bytes read as an unsigned
 * integer x, and a number in [0, n) is x mod n only when x is below the largest multiple of n that fits
 * in 2^32 (rejection sampling), so no number is favoured.
 */

/** What a game draws, so that a family's draw can be recomputed without its code. */
export type DrawSpec =
  /** `count` numbers from min..max, each drawn on its own (digits, dice) */
  | { kind: 'with-replacement'; count: number; min: number; max: number }
  /** `count` distinct numbers from min..max in the order drawn (11-choose-5; count = range: a race order) */
  | { kind: 'without-replacement'; count: number; min: number; max: number };

const SEED_BYTES = 32;

export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error('not lower-case hex bytes');
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The Web Crypto digest as both Node 20 and browsers have it (the contract is compiled without DOM types). */
interface SubtleDigest {
  crypto: { subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> } };
}

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  const copy = new Uint8Array(data); // an ArrayBuffer of its own, as subtle.digest wants
  return new Uint8Array(await (globalThis as unknown as SubtleDigest).crypto.subtle.digest('SHA-256', copy));
}

/** The commitment published at cut-off: SHA-256 of the seed's bytes, lower-case hex. */
export async function seedCommitment(seedHex: string): Promise<string> {
  return bytesToHex(await sha256(hexToBytes(seedHex)));
}

export function isSeedHex(value: string): boolean {
  return value.length === SEED_BYTES * 2 && /^[0-9a-f]+$/.test(value);
}

/** Unbiased integers in [0, n) from the seed's hash stream. */
export class SeedStream {
  private block: Uint8Array = new Uint8Array(0);
  private offset = 0;
  private counter = 0;
  private readonly seed: Uint8Array;

  constructor(seedHex: string) {
    this.seed = hexToBytes(seedHex);
  }

  private async nextWord(): Promise<number> {
    if (this.offset + 4 > this.block.length) {
      const input = new Uint8Array(this.seed.length + 4);
      input.set(this.seed);
      new DataView(input.buffer).setUint32(this.seed.length, this.counter);
      this.counter += 1;
      this.block = await sha256(input);
      this.offset = 0;
    }
    const view = new DataView(this.block.buffer, this.block.byteOffset + this.offset, 4);
    this.offset += 4;
    return view.getUint32(0);
  }

  async below(n: number): Promise<number> {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new Error('below: n out of range');
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const word = await this.nextWord();
      if (word < limit) return word % n;
    }
  }
}

/** The draw a seed gives under a spec; the same on the server and in the browser. */
export async function drawFromSeed(spec: DrawSpec, seedHex: string): Promise<number[]> {
  const stream = new SeedStream(seedHex);
  const size = spec.max - spec.min + 1;
  if (spec.kind === 'with-replacement') {
    const numbers: number[] = [];
    for (let index = 0; index < spec.count; index += 1) numbers.push(spec.min + (await stream.below(size)));
    return numbers;
  }
  if (spec.count > size) throw new Error('drawFromSeed: more numbers than the range holds');
  // A partial Fisher-Yates shuffle: position i takes a uniformly chosen one of the numbers left.
  const pool = Array.from({ length: size }, (_, index) => spec.min + index);
  for (let index = 0; index < spec.count; index += 1) {
    const pick = index + (await stream.below(size - index));
    const chosen = pool[pick] as number;
    pool[pick] = pool[index] as number;
    pool[index] = chosen;
  }
  return pool.slice(0, spec.count);
}
