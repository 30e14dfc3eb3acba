import { compileSlot, spinPay } from './compiled.js';
import type { Strips } from './evaluate.js';
import { add, div, fraction, mul, sub, type Fraction } from './fraction.js';
import { FREE_SPIN_MULTIPLIER, LINE_COUNT, REELS } from './machine.js';

/**
 * The return to player by brute force: every stop combination of the reels played once with the
 * compiled evaluator (tens of millions of boards for the real strips, a few seconds each), then the
 * free spins added with the geometric series as exact-rtp.ts does. The paid spin's part is a plain sum,
 * so it must equal the combinatorial one to the last digit.
 */
export interface EnumeratedRtp {
  combinations: bigint;
  /** lines and scatters of the paid spin, per unit of total bet */
  base: Fraction;
  /** free spins awarded per spin, on average */
  awardsPerSpin: Fraction;
  rtp: Fraction;
}

export function enumeratedRtp(strips: Strips): EnumeratedRtp {
  const slot = compileSlot(strips);
  const lengths = [...slot.lengths];
  const stops = new Int32Array(REELS);
  const scatters = new Int32Array(1);
  // Sums fit a double exactly: at most 10^8 boards paying at most about 10^5 line bets each.
  let paid = 0;
  let awarded = 0;
  let combinations = 0;
  const [l0, l1, l2, l3, l4] = lengths as [number, number, number, number, number];
  for (let s0 = 0; s0 < l0; s0 += 1) {
    stops[0] = s0;
    for (let s1 = 0; s1 < l1; s1 += 1) {
      stops[1] = s1;
      for (let s2 = 0; s2 < l2; s2 += 1) {
        stops[2] = s2;
        for (let s3 = 0; s3 < l3; s3 += 1) {
          stops[3] = s3;
          for (let s4 = 0; s4 < l4; s4 += 1) {
            stops[4] = s4;
            paid += spinPay(slot, stops, 0, scatters);
            awarded += slot.freeSpins[scatters[0] as number] as number;
            combinations += 1;
          }
        }
      }
    }
  }
  if (!Number.isSafeInteger(paid)) throw new Error('the sum of pays lost precision');
  const total = BigInt(combinations);
  const base = fraction(BigInt(paid), total * BigInt(LINE_COUNT));
  const awardsPerSpin = fraction(BigInt(awarded), total);
  const one = fraction(1n);
  const free = mul(
    mul(base, fraction(BigInt(FREE_SPIN_MULTIPLIER))),
    div(awardsPerSpin, sub(one, awardsPerSpin)),
  );
  return { combinations: total, base, awardsPerSpin, rtp: add(base, free) };
}
