import { spinPay, type CompiledSlot } from './compiled.js';
import { FREE_SPIN_MULTIPLIER, LINE_COUNT, REELS } from './machine.js';
import { cryptoWords, StopSampler, type WordSource } from './stops.js';

/** z for a two-sided 99% interval: the 99.5th percentile of the standard normal. */
export const Z_99 = 2.5758293035489;

export interface Simulation {
  /** paid spins (rounds) */
  rounds: number;
  /** spins evaluated: paid spins and every free spin */
  evaluatedSpins: number;
  /** features started by a paid spin */
  features: number;
  /** rounds that paid anything */
  hits: number;
  /** the mean return per unit of total bet */
  rtp: number;
  /** the standard deviation of one round's return per unit of total bet (the volatility) */
  standardDeviation: number;
  /** the 99% confidence interval of the return: rtp +- Z_99 * sd / sqrt(rounds) */
  interval: [number, number];
  hitRate: number;
  /** the largest round's return, in total bets */
  largestWin: number;
}

/**
 * Plays `rounds` paid spins with their free spins on the compiled slot, from `source`'s words (node:crypto
 * by default), and summarises the returns. One round's pay is its paid spin's and every free spin's,
 * multiplied, in line bets; per unit of total bet that is pay / LINE_COUNT.
 */
export function simulate(slot: CompiledSlot, rounds: number, source: WordSource = cryptoWords): Simulation {
  const sampler = new StopSampler(source);
  const limits = Float64Array.from(slot.lengths, (length) => StopSampler.limit(length));
  const stops = new Int32Array(REELS);
  const scatters = new Int32Array(1);
  let evaluatedSpins = 0;
  let features = 0;
  let hits = 0;
  let sum = 0;
  let sumOfSquares = 0;
  let largest = 0;
  for (let round = 0; round < rounds; round += 1) {
    sampler.stops(slot.lengths, limits, stops, 0);
    let pay = spinPay(slot, stops, 0, scatters);
    evaluatedSpins += 1;
    let owed = slot.freeSpins[scatters[0] as number] as number;
    if (owed > 0) features += 1;
    let free = 0;
    while (owed > 0) {
      owed -= 1;
      sampler.stops(slot.lengths, limits, stops, 0);
      free += spinPay(slot, stops, 0, scatters);
      evaluatedSpins += 1;
      owed += slot.freeSpins[scatters[0] as number] as number;
    }
    pay += FREE_SPIN_MULTIPLIER * free;
    if (pay > 0) hits += 1;
    if (pay > largest) largest = pay;
    sum += pay;
    sumOfSquares += pay * pay;
  }
  const mean = sum / rounds / LINE_COUNT;
  const variance = Math.max(0, sumOfSquares / rounds / (LINE_COUNT * LINE_COUNT) - mean * mean);
  // The sample's standard deviation (n - 1), then the mean's standard error.
  const standardDeviation = Math.sqrt((variance * rounds) / Math.max(1, rounds - 1));
  const halfWidth = (Z_99 * standardDeviation) / Math.sqrt(rounds);
  return {
    rounds,
    evaluatedSpins,
    features,
    hits,
    rtp: mean,
    standardDeviation,
    interval: [mean - halfWidth, mean + halfWidth],
    hitRate: hits / rounds,
    largestWin: largest / LINE_COUNT,
  };
}
