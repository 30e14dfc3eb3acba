import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VN_ODDS, payoutFor, settleVnBet } from './bets.js';
import { correctionOf, rejudge, type SettledVnBet } from './correction.js';
import { drawVnResult } from './draw.js';
import type { VnResult } from './regions.js';

const SOUTH: VnResult = {
  region: 'south',
  tiers: [
    ['123456'],
    ['11111'],
    ['22256'],
    ['33333', '44444'],
    ['50001', '50002', '50003', '50004', '50005', '50006', '50056'],
    ['7777'],
    ['1056', '2056', '3099'],
    ['456'],
    ['56'],
  ],
};
const odds = DEFAULT_VN_ODDS.south;
const bet = (
  id: bigint,
  betType: SettledVnBet['betType'],
  selection: string[],
  win: bigint,
): SettledVnBet => ({
  id,
  betType,
  selection,
  odds: odds[betType === 'lo-truot' ? 'lo-truot-4' : (betType as 'de')],
  stake: 1000n,
  win,
});

describe('a correction after settlement', () => {
  it('moves only the difference, both ways', () => {
    // settled on SOUTH; the operator then corrects giải 8 from 56 to 65
    const corrected: VnResult = { ...SOUTH, tiers: [...SOUTH.tiers.slice(0, 8), ['65']] };
    const bets = [
      bet(1n, 'lo2', ['56'], payoutFor(1000n, odds.lo2, 7)), // 7 hits -> 6
      bet(2n, 'lo2', ['65'], 0n), // 0 -> 1
      bet(3n, 'de', ['56'], payoutFor(1000n, odds.de, 1)), // the special did not change
      bet(4n, 'dau', ['56'], payoutFor(1000n, odds.dau, 1)), // giải 8 was the đầu: now lost
    ];
    const { changed, net } = correctionOf(bets, corrected);
    expect(changed).toEqual([
      { id: 1n, status: 'win', hits: 6, win: 570_000n, delta: -95_000n },
      { id: 2n, status: 'win', hits: 1, win: 95_000n, delta: 95_000n },
      { id: 4n, status: 'lose', hits: 0, win: 0n, delta: -95_000n },
    ]);
    expect(net).toBe(-95_000n);
  });

  it('re-settling on the same result changes nothing; on any result it lands where a first settlement would', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('north', 'central', 'south') as fc.Arbitrary<'north' | 'central' | 'south'>,
        fc.integer({ min: 0, max: 99 }),
        (region, n) => {
          const first = drawVnResult(region);
          const second = drawVnResult(region);
          const number = String(n).padStart(2, '0');
          const placed = { type: 'lo2' as const, numbers: [number], unitStake: 1000n };
          const settled: SettledVnBet = {
            id: 1n,
            betType: 'lo2',
            selection: [number],
            odds: DEFAULT_VN_ODDS[region].lo2,
            stake: 1000n,
            win: settleVnBet(first, placed, DEFAULT_VN_ODDS[region]).payout,
          };
          expect(correctionOf([settled], first)).toEqual({ changed: [], net: 0n });
          const [again] = rejudge([settled], second);
          expect(settled.win + (again?.delta ?? 0n)).toBe(
            settleVnBet(second, placed, DEFAULT_VN_ODDS[region]).payout,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
