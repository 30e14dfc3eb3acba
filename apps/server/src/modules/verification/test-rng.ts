import { cryptoRng, type Rng } from '../../lib/rng.js';

/** For tests: answers queued integers first, then draws from node:crypto as the server does. */
export function scriptedRng(): Rng & { queue: number[] } {
  const queue: number[] = [];
  return {
    queue,
    int: (min, maxExclusive) => {
      const next = queue.shift();
      if (next === undefined) return cryptoRng.int(min, maxExclusive);
      if (next < min || next >= maxExclusive)
        throw new Error(`scripted ${next} outside [${min}, ${maxExclusive})`);
      return next;
    },
    bytes: (size) => cryptoRng.bytes(size),
  };
}
