/**
 * Single-zero roulette: 37 pockets drawn with crypto.randomInt, the table's usual spots and pays
 * (stake returned with the win: even chances 2x, dozens 3x, a straight number 36x). Zero loses every
 * outside bet, which is the house's whole edge (1/37, about 2.7%).
 */

export const rouletteSpots = [
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
  'dozen1',
  'dozen2',
  'dozen3',
] as const;
export type OutsideSpot = (typeof rouletteSpots)[number];
/** an outside spot, or a straight number "n0".."n36" */
export type RouletteSpot = OutsideSpot | `n${number}`;

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export const pocketColour = (pocket: number): 'red' | 'black' | 'green' =>
  pocket === 0 ? 'green' : RED.has(pocket) ? 'red' : 'black';

export function isRouletteSpot(text: string): text is RouletteSpot {
  if ((rouletteSpots as readonly string[]).includes(text)) return true;
  const match = /^n(\d{1,2})$/.exec(text);
  return match !== null && Number(match[1]) <= 36 && String(Number(match[1])) === match[1];
}

/** What a bet on `spot` returns (stake included) when the ball lands in `pocket`; 0 when it loses. */
export function roulettePayout(spot: RouletteSpot, stakeMinor: bigint, pocket: number): bigint {
  if (spot.startsWith('n')) return Number(spot.slice(1)) === pocket ? stakeMinor * 36n : 0n;
  if (pocket === 0) return 0n;
  const wins: Record<OutsideSpot, boolean> = {
    red: RED.has(pocket),
    black: !RED.has(pocket),
    odd: pocket % 2 === 1,
    even: pocket % 2 === 0,
    low: pocket <= 18,
    high: pocket >= 19,
    dozen1: pocket <= 12,
    dozen2: pocket >= 13 && pocket <= 24,
    dozen3: pocket >= 25,
  };
  if (!wins[spot as OutsideSpot]) return 0n;
  return spot.startsWith('dozen') ? stakeMinor * 3n : stakeMinor * 2n;
}

export const drawPocket = (pick: (exclusiveMax: number) => number): number => pick(37);
