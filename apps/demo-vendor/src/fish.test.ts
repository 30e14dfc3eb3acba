import { describe, expect, it } from 'vitest';
import { fishTargets, isFishId, shoot } from './fish.js';

describe('fishing shooter', () => {
  it('every fish returns exactly 96% of the stake over all its cases', () => {
    for (const fish of fishTargets) {
      let paid = 0n;
      const cases = 100 * fish.multiplier;
      for (let draw = 0; draw < cases; draw += 1) paid += shoot(fish.id, 100n, () => draw).win;
      expect(paid, fish.id).toBe(BigInt(cases) * 96n);
    }
  });

  it('pays the multiplier when caught and nothing when missed', () => {
    expect(shoot('turtle', 200n, () => 0)).toEqual({
      fish: 'turtle',
      multiplier: 30,
      caught: true,
      win: 6000n,
    });
    expect(shoot('turtle', 200n, () => 96)).toMatchObject({ caught: false, win: 0n });
    expect(isFishId('shark')).toBe(false);
  });
});
