import { createHash, createHmac } from 'node:crypto';

/**
 * Provably fair crash (issue 12). The crash points come from a hash chain made in advance, each round's
 * seed the SHA-256 of the next round's, combined with a public salt:
 *   h = HMAC_SHA256(key = the round seed's 32 bytes, message = the salt as text)
 *   X = the first 52 bits of h (its first 13 hex digits) / 2^52
 *   crash point = max(1, floor(99 / (1 − X)) / 100)         (a 1% edge)
 * computed here in integers: with r = the 52 bits, 99 / (1 − X) = 99 · 2^52 / (2^52 − r), so the crash
 * point in hundredths is max(100, floor(99 · 2^52 / (2^52 − r))), exact where a double could round.
 */

const TWO_52 = 2n ** 52n;

/** The crash point in hundredths (100 = 1.00×) of a round seed (64 hex digits) and the chain's salt. */
export function crashPoint(seedHex: string, salt: string): bigint {
  return crashPointOfBits(crashBits(seedHex, salt));
}

/** The 52 bits: the first 13 hex digits of HMAC_SHA256(key = seed bytes, message = salt). */
export function crashBits(seedHex: string, salt: string): bigint {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('crash: a seed is 64 lowercase hex digits');
  const h = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(salt).digest('hex');
  return BigInt(`0x${h.slice(0, 13)}`);
}

export function crashPointOfBits(bits: bigint): bigint {
  const point = (99n * TWO_52) / (TWO_52 - bits);
  return point < 100n ? 100n : point;
}

export const sha256Hex = (hex: string): string =>
  createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/**
 * A hash chain of `length` round seeds from a secret `origin` (64 hex digits), in playing order:
 * seeds[0] plays first, and each seed is the SHA-256 of the one after it (seeds[i] = SHA-256(seeds[i+1])),
 * so revealing a round's seed reveals nothing of the rounds to come, and anyone can check a revealed seed
 * against the round before it. `commitment` is SHA-256(seeds[0]), the chain's last hash computed:
 * published before the first round, it binds every round of the chain.
 */
export function hashChain(origin: string, length: number): { seeds: string[]; commitment: string } {
  if (!/^[0-9a-f]{64}$/.test(origin)) throw new Error('crash: the origin is 64 lowercase hex digits');
  if (!Number.isInteger(length) || length < 1) throw new Error('crash: a chain has at least one seed');
  const seeds = new Array<string>(length);
  let seed = origin;
  for (let index = length - 1; index >= 0; index -= 1) {
    seeds[index] = seed;
    seed = sha256Hex(seed);
  }
  return { seeds, commitment: seed };
}

/**
 * The multiplier's rise in time: m(t) = e^(GROWTH · t) with t in milliseconds after the round starts
 * (2× after about 11.6 s, 10× after 38 s), shown rounded down to hundredths. The server's clock decides:
 * a cash-out at t gets m(t) if m(t) is below the crash point, else it came after the crash.
 */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The multiplier in hundredths `elapsedMs` after the round started (100 before it starts). */
export function multiplierAt(elapsedMs: number): bigint {
  if (elapsedMs <= 0) return 100n;
  return BigInt(Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs) + 1e-9));
}

/** The first millisecond at which the shown multiplier reaches `point` (hundredths): when the round crashes. */
export function crashAfterMs(point: bigint): number {
  if (point <= 100n) return 0;
  let ms = Math.max(0, Math.floor(Math.log(Number(point) / 100) / CRASH_GROWTH_PER_MS) - 2);
  while (multiplierAt(ms) < point) ms += 1;
  return ms;
}
