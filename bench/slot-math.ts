import { compileSlot, spinPay } from '../apps/server/src/modules/inhouse/slot/compiled.js';
import { exactRtp } from '../apps/server/src/modules/inhouse/slot/exact-rtp.js';
import { toNumber } from '../apps/server/src/modules/inhouse/slot/fraction.js';
import { REELS } from '../apps/server/src/modules/inhouse/slot/machine.js';
import { simulate } from '../apps/server/src/modules/inhouse/slot/simulate.js';
import { StopSampler } from '../apps/server/src/modules/inhouse/slot/stops.js';
import {
  slotRtpVariants,
  slotVariants,
  type SlotRtpVariant,
} from '../apps/server/src/modules/inhouse/slot/variants.js';

/**
 * The slot's mathematics per RTP variant: the exact return from the reel strips (exact-rtp.ts), a
 * simulation of `rounds` paid spins with node:crypto stops and its 99% confidence interval, the hit
 * rate, the volatility (standard deviation of one round's return per unit bet), and the evaluated
 * spins per second of one core (CPU time of this process, so other work on the machine counts less):
 * with the stops drawn (the simulation) and evaluation alone (stops drawn beforehand).
 */
export interface SlotVariantFigures {
  variant: SlotRtpVariant;
  statedRtp: string;
  exact: number;
  /** one in how many paid spins start free spins */
  featureOneIn: number;
  simulated: number;
  interval: [number, number];
  agrees: boolean;
  hitRate: number;
  volatility: number;
  largestWin: number;
  rounds: number;
  evaluatedSpins: number;
  /** simulation: draw and evaluate, per CPU second */
  spinsPerCoreSecond: number;
  /** evaluation of pre-drawn stops only, per CPU second */
  evaluatedPerCoreSecond: number;
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

function evaluationOnly(variant: SlotRtpVariant, spins: number): number {
  const slot = compileSlot(slotVariants[variant].strips);
  const sampler = new StopSampler();
  const limits = Float64Array.from(slot.lengths, (length) => StopSampler.limit(length));
  const stops = new Int32Array(spins * REELS);
  for (let spin = 0; spin < spins; spin += 1) sampler.stops(slot.lengths, limits, stops, spin * REELS);
  const scatters = new Int32Array(1);
  let best = 0;
  // Three passes, the best kept: the first also warms the JIT up.
  for (let pass = 0; pass < 3; pass += 1) {
    const started = process.cpuUsage();
    let paid = 0;
    for (let spin = 0; spin < spins; spin += 1) paid += spinPay(slot, stops, spin * REELS, scatters);
    if (paid < 0) throw new Error('unreachable: keeps the loop from being optimised away');
    best = Math.max(best, spins / cpuSeconds(started));
  }
  return best;
}

export function slotMath(rounds = 10_000_000): SlotVariantFigures[] {
  return slotRtpVariants.map((variant) => {
    const { strips, statedRtp } = slotVariants[variant];
    const exact = exactRtp(strips);
    const exactValue = toNumber(exact.rtp);
    const slot = compileSlot(strips);
    const started = process.cpuUsage();
    const result = simulate(slot, rounds);
    const seconds = cpuSeconds(started);
    return {
      variant,
      statedRtp,
      exact: exactValue,
      featureOneIn: 1 / toNumber(exact.triggerChance),
      simulated: result.rtp,
      interval: result.interval,
      agrees: result.interval[0] <= exactValue && exactValue <= result.interval[1],
      hitRate: result.hitRate,
      volatility: result.standardDeviation,
      largestWin: result.largestWin,
      rounds,
      evaluatedSpins: result.evaluatedSpins,
      spinsPerCoreSecond: result.evaluatedSpins / seconds,
      evaluatedPerCoreSecond: evaluationOnly(variant, 2_000_000),
    };
  });
}

const percent = (value: number, digits = 4) => `${(value * 100).toFixed(digits)}%`;
const perSecond = (value: number) => `${(value / 1e6).toFixed(2)} M/s`;

/** Lines for run-all.ts. */
export function describeSlotMath(figures: SlotVariantFigures[]): string[] {
  return figures.flatMap((figure) => [
    `  variant ${figure.variant} (stated ${figure.statedRtp}%): exact RTP ${percent(figure.exact)};` +
      ` simulated ${percent(figure.simulated)}, 99% interval [${percent(figure.interval[0])}, ${percent(figure.interval[1])}]` +
      ` ${figure.agrees ? 'holds the exact value' : 'MISSES the exact value'}`,
    `    hit rate ${percent(figure.hitRate, 2)}, volatility (sd per unit bet) ${figure.volatility.toFixed(2)},` +
      ` free spins 1 in ${figure.featureOneIn.toFixed(0)}, largest win ${figure.largestWin.toFixed(0)}x;` +
      ` ${figure.evaluatedSpins.toLocaleString('en')} spins evaluated`,
    `    per core: ${perSecond(figure.spinsPerCoreSecond)} spins drawn and evaluated,` +
      ` ${perSecond(figure.evaluatedPerCoreSecond)} evaluated (goal 1.00 M/s)`,
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.env.ROUNDS ?? 10_000_000);
  console.log(`Slot mathematics, ${rounds.toLocaleString('en')} paid spins per variant:`);
  for (const line of describeSlotMath(slotMath(rounds))) console.log(line);
}
