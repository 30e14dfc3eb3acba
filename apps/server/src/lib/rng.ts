import { randomBytes, randomInt } from 'node:crypto';

/**
 * Randomness is injected. The default draws from node:crypto; randomInt scales without bias
 * (it rejects samples outside the largest multiple of the range).
 */
export interface Rng {
  /** an integer in [min, maxExclusive) */
  int(min: number, maxExclusive: number): number;
  bytes(size: number): Buffer;
}
export const cryptoRng: Rng = {
  int: (min, maxExclusive) => randomInt(min, maxExclusive),
  bytes: (size) => randomBytes(size),
};
