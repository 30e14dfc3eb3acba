import {
  lowestTierRank,
  positionsWithDigits,
  VN_STRUCTURES,
  type VnRegion,
  type VnResult,
} from './regions.js';

/**
 * The Vietnamese bet types and their win rules (ADR 042).
 *
 * A bet names its numbers and a unit stake. What the player pays is the unit stake times the bet's
 * multiplier (the positions it covers: 27 or 18 for lô, the lowest tier's count for đầu, 1 otherwise).
 * A win pays unit stake × odds × hits, where hits is how many times the bet came true (a lô number
 * printed twice pays twice); odds are whole thousandths (95000 is 95.00, the engine's milli-odds) so that money stays
 * exact, and the payout is rounded down to the minor unit. The payout is the whole amount credited: the stake is
 * not returned beside it ("1 ăn 95").
 */
export const VN_BET_TYPES = [
  'de', // đề: the last two digits of the special prize
  'de-dau', // đề đầu: the tens digit of those two
  'de-duoi', // đề đuôi: the units digit of those two
  'lo2', // lô / bao lô 2 số: every number's last two digits
  'lo3', // bao lô 3 số (3 càng): every number of 3 digits or more, its last three
  'lo4', // bao lô 4 số: every number of 4 digits or more, its last four
  'xien2', // xiên 2: both chosen two-digit numbers among the lô
  'xien3',
  'xien4',
  'lo-truot', // lô trượt: none of the chosen numbers among the lô
  'dau', // đầu: the last two digits of the lowest tier (giải 7 North, giải 8 South and Centre)
  'duoi', // đuôi: the last two digits of the special prize, at the đuôi odds
] as const;
export type VnBetType = (typeof VN_BET_TYPES)[number];

/** Lô trượt is sold for these counts of numbers, each at its own odds. */
export const LO_TRUOT_COUNTS = [4, 8, 10] as const;
export type LoTruotCount = (typeof LO_TRUOT_COUNTS)[number];

export const VN_ODDS_KEYS = [
  'de',
  'de-dau',
  'de-duoi',
  'lo2',
  'lo3',
  'lo4',
  'xien2',
  'xien3',
  'xien4',
  'lo-truot-4',
  'lo-truot-8',
  'lo-truot-10',
  'dau',
  'duoi',
] as const;
export type VnOddsKey = (typeof VN_ODDS_KEYS)[number];
/** Odds in thousandths (milli-odds), one per key; an operator setting per region (defaults below). */
export type VnOdds = Readonly<Record<VnOddsKey, number>>;

/**
 * Defaults near what the trade pays. The fair lô pays 100 per hit (cost 27 or 18 units for 27 or 18
 * chances in 100), so 95 keeps 5%; xiên and lô trượt differ by region because 27 positions make a number
 * far likelier to appear than 18.
 */
const COMMON_ODDS = {
  de: 95_000,
  'de-dau': 9_500,
  'de-duoi': 9_500,
  lo2: 95_000,
  lo3: 950_000,
  lo4: 9_500_000,
  dau: 95_000,
  duoi: 95_000,
} as const;
export const DEFAULT_VN_ODDS: Readonly<Record<VnRegion, VnOdds>> = {
  north: {
    ...COMMON_ODDS,
    xien2: 16_000,
    xien3: 65_000,
    xien4: 280_000,
    'lo-truot-4': 2_800,
    'lo-truot-8': 8_000,
    'lo-truot-10': 14_000,
  },
  central: {
    ...COMMON_ODDS,
    xien2: 34_000,
    xien3: 200_000,
    xien4: 1_200_000,
    'lo-truot-4': 1_950,
    'lo-truot-8': 4_000,
    'lo-truot-10': 5_600,
  },
  south: {
    ...COMMON_ODDS,
    xien2: 34_000,
    xien3: 200_000,
    xien4: 1_200_000,
    'lo-truot-4': 1_950,
    'lo-truot-8': 4_000,
    'lo-truot-10': 5_600,
  },
};

export interface VnBet {
  readonly type: VnBetType;
  readonly numbers: readonly string[];
  /** minor units per position covered */
  readonly unitStake: bigint;
}

interface Shape {
  digits: number;
  counts: readonly number[];
}
const SHAPES: Readonly<Record<VnBetType, Shape>> = {
  de: { digits: 2, counts: [1] },
  'de-dau': { digits: 1, counts: [1] },
  'de-duoi': { digits: 1, counts: [1] },
  lo2: { digits: 2, counts: [1] },
  lo3: { digits: 3, counts: [1] },
  lo4: { digits: 4, counts: [1] },
  xien2: { digits: 2, counts: [2] },
  xien3: { digits: 2, counts: [3] },
  xien4: { digits: 2, counts: [4] },
  'lo-truot': { digits: 2, counts: LO_TRUOT_COUNTS },
  dau: { digits: 2, counts: [1] },
  duoi: { digits: 2, counts: [1] },
};

/** How many digits each number of the bet type has, and how many numbers it takes. */
export function betShape(type: VnBetType): Shape {
  return SHAPES[type];
}

export type VnBetProblem =
  | { code: 'NUMBER_COUNT'; allowed: readonly number[]; actual: number }
  | { code: 'NUMBER_FORMAT'; digits: number; value: string }
  | { code: 'REPEATED_NUMBER'; value: string }
  | { code: 'STAKE'; value: bigint };

/**
 * A bet's own problems (what the engine's limits do not cover). Xiên and lô trượt refuse a repeated
 * number: "xiên 2 of 27 and 27" would be a lô sold at xiên odds.
 */
export function validateVnBet(bet: VnBet): VnBetProblem | null {
  const shape = SHAPES[bet.type];
  if (!shape.counts.includes(bet.numbers.length)) {
    return { code: 'NUMBER_COUNT', allowed: shape.counts, actual: bet.numbers.length };
  }
  const pattern = new RegExp(`^[0-9]{${shape.digits}}$`);
  const seen = new Set<string>();
  for (const value of bet.numbers) {
    if (!pattern.test(value)) return { code: 'NUMBER_FORMAT', digits: shape.digits, value };
    if (seen.has(value)) return { code: 'REPEATED_NUMBER', value };
    seen.add(value);
  }
  if (bet.unitStake <= 0n) return { code: 'STAKE', value: bet.unitStake };
  return null;
}

/** The positions a bet covers, by which its unit stake is multiplied to give what the player pays. */
export function stakeMultiplier(region: VnRegion, type: VnBetType): number {
  switch (type) {
    case 'lo2':
      return VN_STRUCTURES[region].positions;
    case 'lo3':
      return positionsWithDigits(region, 3);
    case 'lo4':
      return positionsWithDigits(region, 4);
    case 'dau':
      return VN_STRUCTURES[region].tiers[lowestTierRank(region)]?.count ?? 1;
    default:
      return 1;
  }
}

/** What the player pays for the bet. */
export function betCost(region: VnRegion, bet: VnBet): bigint {
  return bet.unitStake * BigInt(stakeMultiplier(region, bet.type));
}

export function oddsKeyOf(bet: Pick<VnBet, 'type' | 'numbers'>): VnOddsKey {
  if (bet.type === 'lo-truot') return `lo-truot-${bet.numbers.length as LoTruotCount}`;
  return bet.type;
}

/** The last `digits` digits of every number that has at least that many. */
function endings(numbers: readonly string[], digits: number): string[] {
  return numbers.filter((value) => value.length >= digits).map((value) => value.slice(-digits));
}

function countOf(values: readonly string[], wanted: string): number {
  let count = 0;
  for (const value of values) if (value === wanted) count += 1;
  return count;
}

/** How many times the bet came true in the result (0: lost). Assumes validateVnBet passed. */
export function vnHits(result: VnResult, bet: Pick<VnBet, 'type' | 'numbers'>): number {
  const special = result.tiers[0]?.[0] ?? '';
  const de = special.slice(-2);
  const all = result.tiers.flat();
  const [first = ''] = bet.numbers;
  switch (bet.type) {
    case 'de':
    case 'duoi':
      return de === first ? 1 : 0;
    case 'de-dau':
      return de.charAt(0) === first ? 1 : 0;
    case 'de-duoi':
      return de.charAt(1) === first ? 1 : 0;
    case 'lo2':
      return countOf(endings(all, 2), first);
    case 'lo3':
      return countOf(endings(all, 3), first);
    case 'lo4':
      return countOf(endings(all, 4), first);
    case 'dau':
      return countOf(endings(result.tiers[lowestTierRank(result.region)] ?? [], 2), first);
    case 'xien2':
    case 'xien3':
    case 'xien4': {
      // all must appear; a number printed twice does not make the xiên pay twice
      const lo = new Set(endings(all, 2));
      return bet.numbers.every((value) => lo.has(value)) ? 1 : 0;
    }
    case 'lo-truot': {
      const lo = new Set(endings(all, 2));
      return bet.numbers.some((value) => lo.has(value)) ? 0 : 1;
    }
  }
}

/** The most hits the bet can have, for payout caps and the potential win shown on the slip. */
export function vnMaxHits(region: VnRegion, type: VnBetType): number {
  switch (type) {
    case 'lo2':
    case 'lo3':
    case 'lo4':
    case 'dau':
      return stakeMultiplier(region, type);
    default:
      return 1;
  }
}

export function payoutFor(unitStake: bigint, odds: number, hits: number): bigint {
  return (unitStake * BigInt(odds) * BigInt(hits)) / 1000n;
}

export interface VnSettlement {
  outcome: 'win' | 'lose';
  hits: number;
  /** minor units credited; 0 for a loss */
  payout: bigint;
}

export function settleVnBet(result: VnResult, bet: VnBet, odds: VnOdds): VnSettlement {
  const hits = vnHits(result, bet);
  const payout = payoutFor(bet.unitStake, odds[oddsKeyOf(bet)], hits);
  return { outcome: hits > 0 ? 'win' : 'lose', hits, payout };
}

/** Odds an operator may set: whole thousandths, above zero, at most 1,000,000.000. */
export function validVnOdds(odds: Record<string, unknown>): odds is VnOdds {
  return VN_ODDS_KEYS.every((key) => {
    const value = odds[key];
    return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 1_000_000_000;
  });
}

export function isVnBetType(code: string): code is VnBetType {
  return (VN_BET_TYPES as readonly string[]).includes(code);
}
