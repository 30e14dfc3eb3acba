import { describe, expect, it } from 'vitest';
import {
  isRouletteSpot,
  pocketColour,
  roulettePayout,
  rouletteSpots,
  type RouletteSpot,
} from './roulette.js';

describe('roulette', () => {
  it('every spot returns 36/37 of the stake over the 37 pockets (the single zero is the edge)', () => {
    const spots: RouletteSpot[] = [...rouletteSpots, 'n0', 'n17', 'n36'];
    for (const spot of spots) {
      let paid = 0n;
      for (let pocket = 0; pocket <= 36; pocket += 1) paid += roulettePayout(spot, 100n, pocket);
      expect(paid, spot).toBe(3600n);
    }
  });

  it('zero loses the outside bets and pays a straight bet on zero', () => {
    expect(roulettePayout('red', 100n, 0)).toBe(0n);
    expect(roulettePayout('even', 100n, 0)).toBe(0n);
    expect(roulettePayout('n0', 100n, 0)).toBe(3600n);
    expect(pocketColour(0)).toBe('green');
    expect(roulettePayout('red', 100n, 1)).toBe(200n);
    expect(roulettePayout('dozen3', 100n, 36)).toBe(300n);
  });

  it('refuses spots that are not on the table', () => {
    for (const spot of ['n37', 'n-1', 'n05', 'green', '', 'n'])
      expect(isRouletteSpot(spot), spot).toBe(false);
    for (const spot of ['n0', 'n36', 'red', 'dozen2']) expect(isRouletteSpot(spot), spot).toBe(true);
  });
});
