import { evaluateLine, type Strips } from './evaluate.js';
import { add, div, fraction, lessThan, mul, sub, toNumber, type Fraction } from './fraction.js';
import {
  FREE_SPIN_MULTIPLIER,
  freeSpinAwards,
  REELS,
  ROWS,
  SCATTER,
  scatterPays,
  SYMBOL_COUNT,
} from './machine.js';

/**
 * The exact return to player of reel strips, by combinatorics (no sampling, no rounding):
 *
 * - Lines. Every stop is equally likely, so any row of a reel shows each symbol with its share of the
 *   strip, and the reels stop independently. A payline crosses one row per reel, so its five symbols
 *   are independent with those shares, the same for every line: the expected pay of one line in line
 *   bets is the sum, over all 10^5 symbol tuples, of the tuple's probability times its pay (from the
 *   same evaluateLine that play uses). 20 lines of one line bet each are the total bet, so that sum is
 *   the lines' share of the RTP.
 * - Scatters. Each reel's window holds some number of scatters at each stop (counted on the strip); the
 *   reels are independent, so the distribution of scatters on the board is the convolution of the
 *   reels' distributions, as exact counts of stop combinations.
 * - Free spins are played on the same strips with every win multiplied by M: one free spin is worth
 *   M x base, and awards on average m more free spins (m = sum over k of P(k scatters) x award(k)).
 *   A feature of N spins therefore plays N + N m + N m^2 + ... = N / (1 - m) spins in expectation
 *   (the geometric series of retriggers, finite because m < 1), and one paid spin starts m of them, so
 *   RTP = base x (1 + M m / (1 - m)). The expected win of a spin does not depend on how many spins the
 *   chain plays (Wald's identity), which is what lets the count and the win multiply.
 */
export interface ExactRtp {
  /** stop combinations: the product of the strip lengths */
  combinations: bigint;
  /** the lines' share of the paid spin, per unit of total bet */
  baseLines: Fraction;
  /** the scatter pays' share of the paid spin */
  baseScatter: Fraction;
  /** everything the free spins return, per unit of total bet of the paid spin */
  freeSpins: Fraction;
  /** the whole return: base lines + base scatter + free spins */
  rtp: Fraction;
  /** the chance that a spin starts (or retriggers) free spins */
  triggerChance: Fraction;
  /** free spins a spin awards on average (m above; below one or the chain would not end) */
  awardsPerSpin: Fraction;
  /** the free spins one triggered feature plays on average, retriggers included */
  spinsPerFeature: Fraction;
  /** stop combinations by the number of scatters on the board (index = count) */
  scatterCombinations: bigint[];
}

/** Per reel, how many of its stops put each symbol on a given row: the strip's symbol counts. */
function symbolCounts(strips: Strips): bigint[][] {
  return strips.map((strip) => {
    const counts = Array.from({ length: SYMBOL_COUNT }, () => 0n);
    for (const symbol of strip) counts[symbol] = (counts[symbol] ?? 0n) + 1n;
    return counts;
  });
}

/** Stop combinations with each number of scatters on the board: a convolution over the reels. */
function scatterCombinations(strips: Strips): bigint[] {
  let total = [1n];
  for (const strip of strips) {
    const reel = Array.from({ length: ROWS + 1 }, () => 0n);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let count = 0;
      for (let row = 0; row < ROWS; row += 1) if (strip[(stop + row) % strip.length] === SCATTER) count += 1;
      reel[count] = (reel[count] ?? 0n) + 1n;
    }
    const next = Array.from({ length: total.length + ROWS }, () => 0n);
    total.forEach((ways, before) =>
      reel.forEach((reelWays, here) => {
        next[before + here] = (next[before + here] ?? 0n) + ways * reelWays;
      }),
    );
    total = next;
  }
  return total;
}

/** The expected pay of one payline in line bets, times the number of stop combinations. */
function lineWays(strips: Strips): bigint {
  const counts = symbolCounts(strips);
  const tuple = Array.from({ length: REELS }, () => 0);
  let ways = 0n;
  const walk = (reel: number, product: bigint) => {
    if (product === 0n) return;
    if (reel === REELS) {
      const { pay } = evaluateLine(tuple);
      if (pay > 0) ways += product * BigInt(pay);
      return;
    }
    for (let symbol = 0; symbol < SYMBOL_COUNT; symbol += 1) {
      tuple[reel] = symbol;
      walk(reel + 1, product * (counts[reel]?.[symbol] ?? 0n));
    }
  };
  walk(0, 1n);
  return ways;
}

export function exactRtp(strips: Strips): ExactRtp {
  if (strips.length !== REELS) throw new Error(`a slot has ${REELS} reel strips`);
  const combinations = strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
  const scatters = scatterCombinations(strips);
  const ofCombinations = (ways: bigint) => fraction(ways, combinations);
  const at = (table: readonly number[], count: number) =>
    BigInt(table[Math.min(count, table.length - 1)] ?? 0);

  const baseLines = ofCombinations(lineWays(strips));
  const baseScatter = ofCombinations(
    scatters.reduce((sum, ways, count) => sum + ways * at(scatterPays, count), 0n),
  );
  const triggerChance = ofCombinations(
    scatters.reduce((sum, ways, count) => sum + (at(freeSpinAwards, count) > 0n ? ways : 0n), 0n),
  );
  const awardsPerSpin = ofCombinations(
    scatters.reduce((sum, ways, count) => sum + ways * at(freeSpinAwards, count), 0n),
  );
  const one = fraction(1n);
  if (!lessThan(awardsPerSpin, one)) {
    throw new Error(`free spins award ${toNumber(awardsPerSpin)} more per spin: the chain would not end`);
  }
  const base = add(baseLines, baseScatter);
  const chainFactor = div(awardsPerSpin, sub(one, awardsPerSpin));
  const freeSpins = mul(mul(base, fraction(BigInt(FREE_SPIN_MULTIPLIER))), chainFactor);
  return {
    combinations,
    baseLines,
    baseScatter,
    freeSpins,
    rtp: add(base, freeSpins),
    triggerChance,
    awardsPerSpin,
    spinsPerFeature:
      triggerChance.n === 0n ? fraction(0n) : div(div(awardsPerSpin, triggerChance), sub(one, awardsPerSpin)),
    scatterCombinations: scatters,
  };
}
