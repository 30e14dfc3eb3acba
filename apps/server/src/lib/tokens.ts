import { createHash } from 'node:crypto';
import type { Rng } from './rng.js';

/** 32 random bytes (256 bits), URL-safe: session tokens, reset links, challenge ids. */
export function newToken(rng: Rng): string {
  return rng.bytes(32).toString('base64url');
}

/** What the database keeps instead of a token or a code. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A numeric code of `length` digits, each drawn without bias. */
export function numericCode(rng: Rng, length = 6): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += String(rng.int(0, 10));
  return code;
}
