import type { Rng } from './rng.js';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random identifier, e.g. "bnr_3k9x2m8q1z0a"; 12 characters carry about 62 bits. */
export function newId(rng: Rng, prefix: string, length = 12): string {
  let id = '';
  for (let index = 0; index < length; index += 1) id += alphabet[rng.int(0, alphabet.length)];
  return `${prefix}_${id}`;
}
