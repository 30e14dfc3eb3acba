/**
 * The result structure of the three Vietnamese lottery regions, as the state lotteries print them.
 * A result is a list of tiers, special prize first; each tier a list of numbers of a fixed digit count.
 * Numbers are digit strings, never integers: "05" and "5" are different numbers of a prize.
 */
export const VN_REGIONS = ['north', 'central', 'south'] as const;
export type VnRegion = (typeof VN_REGIONS)[number];

export interface VnTier {
  /** 0 is the special prize (giải đặc biệt), 1 the first prize (giải nhất), and so on */
  readonly rank: number;
  /** how many numbers the tier draws */
  readonly count: number;
  /** how many digits each of its numbers has */
  readonly digits: number;
}

export interface VnStructure {
  readonly region: VnRegion;
  readonly tiers: readonly VnTier[];
  /** numbers in the whole result: 27 in the North, 18 in the South and Centre */
  readonly positions: number;
}

function structure(
  region: VnRegion,
  shape: readonly (readonly [count: number, digits: number])[],
): VnStructure {
  const tiers = shape.map(([count, digits], rank) => ({ rank, count, digits }));
  return { region, tiers, positions: tiers.reduce((sum, tier) => sum + tier.count, 0) };
}

/** Miền Bắc: 27 numbers in 8 tiers (special, first .. seventh). */
const NORTH = structure('north', [
  [1, 5],
  [1, 5],
  [2, 5],
  [6, 5],
  [4, 4],
  [6, 4],
  [3, 3],
  [4, 2],
]);

/** Miền Nam and Miền Trung: 18 numbers in 9 tiers (special, first .. eighth). */
const SOUTHERN_SHAPE = [
  [1, 6],
  [1, 5],
  [1, 5],
  [2, 5],
  [7, 5],
  [1, 4],
  [3, 4],
  [1, 3],
  [1, 2],
] as const;

export const VN_STRUCTURES: Readonly<Record<VnRegion, VnStructure>> = {
  north: NORTH,
  central: structure('central', SOUTHERN_SHAPE),
  south: structure('south', SOUTHERN_SHAPE),
};

/** A result: tiers[rank][index], each a digit string of its tier's length. */
export interface VnResult {
  readonly region: VnRegion;
  readonly tiers: readonly (readonly string[])[];
}

/** Every number of a result, special prize first, in the order printed. */
export function numbersOf(result: VnResult): string[] {
  return result.tiers.flat();
}

/** The lowest tier (giải 7 in the North, giải 8 in the South and Centre): the numbers "đầu" bets on. */
export function lowestTierRank(region: VnRegion): number {
  return VN_STRUCTURES[region].tiers.length - 1;
}

/** How many numbers of the region have at least `digits` digits (the positions a bao lô of that length covers). */
export function positionsWithDigits(region: VnRegion, digits: number): number {
  return VN_STRUCTURES[region].tiers
    .filter((tier) => tier.digits >= digits)
    .reduce((sum, tier) => sum + tier.count, 0);
}

/** How many digits a whole result has: 107 in the North, 82 in the South and Centre. */
export function digitCount(region: VnRegion): number {
  return VN_STRUCTURES[region].tiers.reduce((sum, tier) => sum + tier.count * tier.digits, 0);
}

/**
 * A result from its digits in printed order (special prize first, each number's digits left to right).
 * The engine draws a VN result as that many independent digits 0-9 from the period's seed, which makes
 * every number of every tier uniform, and stores an entered result the same way.
 */
export function resultFromDigits(region: VnRegion, digits: readonly number[]): VnResult {
  if (digits.length !== digitCount(region) || !digits.every((d) => Number.isInteger(d) && d >= 0 && d <= 9)) {
    throw new RangeError(`a ${region} result has ${digitCount(region)} digits 0-9`);
  }
  let at = 0;
  const tiers = VN_STRUCTURES[region].tiers.map((tier) => {
    const numbers: string[] = [];
    for (let i = 0; i < tier.count; i += 1) {
      numbers.push(digits.slice(at, at + tier.digits).join(''));
      at += tier.digits;
    }
    return numbers;
  });
  return { region, tiers };
}

/** The digits of a (valid) result in printed order: the inverse of resultFromDigits. */
export function digitsOf(result: VnResult): number[] {
  return result.tiers.flat().flatMap((value) => [...value].map(Number));
}
