import {
  DEFAULT_VN_ODDS,
  digitCount,
  isVnBetType,
  oddsKeyOf,
  resultFromDigits,
  stakeMultiplier,
  validateVnBet,
  VN_BET_TYPES,
  vnHits,
  type VnBetProblem,
  type VnBetType,
  type VnRegion,
} from '../vn/index.js';
import {
  LOSE,
  refuse,
  unknownBetType,
  win,
  type BetTypeSpec,
  type LotteryFamily,
  type SelectionCheck,
} from './family.js';

/**
 * The Vietnamese lottery as a game family, one per region (the structures differ, ADR 042). A draw is
 * the result's digits in printed order, each 0-9 on its own (107 in the North, 82 in the South and
 * Centre), so every number of every tier is uniform; the win rules are modules/lottery/vn's.
 */
const ORDER_FREE = new Set<VnBetType>(['xien2', 'xien3', 'xien4', 'lo-truot']);

function reasonOf(problem: VnBetProblem): string {
  switch (problem.code) {
    case 'NUMBER_COUNT':
      return `takes ${problem.allowed.join(' or ')} number(s), not ${problem.actual}`;
    case 'NUMBER_FORMAT':
      return `each number has exactly ${problem.digits} digit(s): ${problem.value}`;
    case 'REPEATED_NUMBER':
      return `a number may be chosen only once: ${problem.value}`;
    case 'STAKE':
      return 'the stake must be above zero';
  }
}

export const VN_FAMILY_CODES: Readonly<Record<VnRegion, string>> = {
  north: 'VN_NORTH',
  central: 'VN_CENTRAL',
  south: 'VN_SOUTH',
};

export function vnFamily(region: VnRegion): LotteryFamily {
  const odds = DEFAULT_VN_ODDS[region];
  const betTypes: Record<string, BetTypeSpec> = {};
  for (const code of VN_BET_TYPES) {
    betTypes[code] =
      code === 'lo-truot'
        ? {
            code,
            defaultOdds: { '4': odds['lo-truot-4'], '8': odds['lo-truot-8'], '10': odds['lo-truot-10'] },
          }
        : { code, defaultOdds: { '': odds[code] } };
  }
  return {
    code: VN_FAMILY_CODES[region],
    drawSpec: { kind: 'with-replacement', count: digitCount(region), min: 0, max: 9 },
    betTypes,
    check(betType, selection): SelectionCheck {
      if (!isVnBetType(betType)) return refuse(`unknown bet type ${betType}`);
      const problem = validateVnBet({ type: betType, numbers: selection, unitStake: 1n });
      if (problem) return refuse(reasonOf(problem));
      const canonical = ORDER_FREE.has(betType) ? [...selection].sort() : [...selection];
      const key = oddsKeyOf({ type: betType, numbers: canonical });
      return {
        ok: true,
        selection: canonical,
        oddsKey: betType === 'lo-truot' ? key.slice('lo-truot-'.length) : '',
        units: stakeMultiplier(region, betType),
      };
    },
    judge(betType, selection, draw) {
      if (!isVnBetType(betType)) return unknownBetType(betType);
      const hits = vnHits(resultFromDigits(region, draw), { type: betType, numbers: selection });
      return hits > 0 ? win(hits) : LOSE;
    },
    present(draw) {
      const result = resultFromDigits(region, draw);
      return {
        groups: result.tiers.map((numbers, rank) => ({
          name: rank === 0 ? 'special' : String(rank),
          numbers: [...numbers],
        })),
        facts: { de: result.tiers[0]?.[0]?.slice(-2) ?? '' },
      };
    },
  };
}

export const vnFamilies: readonly LotteryFamily[] = [
  vnFamily('north'),
  vnFamily('central'),
  vnFamily('south'),
];
