import { describe, expect, it } from 'vitest';
import { evaluateSpin, mangoGrove, returnToPlayer, riverLanterns, spin, type SlotMachine } from './slots.js';

/** Every stop of every reel, once: the exact average pay per unit staked. */
function enumeratedReturn(machine: SlotMachine, stakeMinor: bigint): number {
  const lengths = machine.reels.map((reel) => reel.length);
  const stops = lengths.map(() => 0);
  let paid = 0n;
  let spins = 0n;
  for (;;) {
    paid += evaluateSpin(machine, stops, stakeMinor).total;
    spins += 1n;
    let reel = 0;
    while (reel < stops.length) {
      stops[reel] = (stops[reel] ?? 0) + 1;
      if ((stops[reel] ?? 0) < (lengths[reel] ?? 0)) break;
      stops[reel] = 0;
      reel += 1;
    }
    if (reel === stops.length) break;
  }
  return Number(paid) / Number(spins * stakeMinor);
}

describe('slot machines', () => {
  it('Mango Grove returns what its formula says, checked against every stop (about 96.6%)', () => {
    const formula = returnToPlayer(mangoGrove);
    // 5.00 staked on 5 lines: every line pay is whole minor units, so nothing is lost to rounding.
    expect(enumeratedReturn(mangoGrove, 500n)).toBeCloseTo(formula, 12);
    expect(formula).toBeGreaterThan(0.95);
    expect(formula).toBeLessThan(0.98);
  });

  it('River Lanterns returns between 95% and 98% of stakes', () => {
    const formula = returnToPlayer(riverLanterns);
    expect(formula).toBeGreaterThan(0.95);
    expect(formula).toBeLessThan(0.98);
  });

  it('a line pays from the leftmost reel only, in line bets', () => {
    const reel = mangoGrove.reels[0] as readonly string[];
    const seven = reel.indexOf('seven');
    // Row 1 (the middle) shows the stop + 1: sevens across the middle line.
    const stop = (seven - 1 + reel.length) % reel.length;
    const outcome = evaluateSpin(mangoGrove, [stop, stop, stop], 500n);
    expect(outcome.grid[1]).toEqual(['seven', 'seven', 'seven']);
    // 300 line bets of 1.00 (5.00 over 5 lines).
    expect(outcome.wins).toContainEqual({ line: 0, symbol: 'seven', count: 3, pay: 30_000n });
  });

  it('a spin draws one stop per reel within the strip', () => {
    const asked: number[] = [];
    const outcome = spin(riverLanterns, 100n, (max) => {
      asked.push(max);
      return max - 1;
    });
    expect(asked).toEqual(riverLanterns.reels.map((reel) => reel.length));
    expect(outcome.stops).toEqual(asked.map((max) => max - 1));
  });
});
