import { vnBetShapes, vnBetTypes, vnBetUnits, vnTierShapes } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import {
  betShape,
  betCost,
  DEFAULT_VN_ODDS,
  payoutFor,
  settleVnBet,
  stakeMultiplier,
  validateVnBet,
  VN_BET_TYPES,
  vnHits,
  type VnBet,
  type VnOdds,
} from './bets.js';
import { positionsWithDigits, VN_REGIONS, VN_STRUCTURES, type VnResult } from './regions.js';
import { validateVnResult } from './validate.js';

/** Results worked by hand: the expected hits below were counted on paper from these tables. */
const NORTH: VnResult = {
  region: 'north',
  tiers: [
    ['12345'], // special: đề 45
    ['67890'],
    ['11145', '22290'],
    ['33301', '44402', '55503', '66604', '77705', '88806'],
    ['1207', '3445', '5609', '7810'],
    ['0011', '2212', '4413', '6614', '8815', '9916'],
    ['145', '217', '318'],
    ['45', '19', '20', '07'], // giải 7: the đầu numbers
  ],
};

const SOUTH: VnResult = {
  region: 'south',
  tiers: [
    ['123456'], // special: đề 56
    ['11111'],
    ['22256'],
    ['33333', '44444'],
    ['50001', '50002', '50003', '50004', '50005', '50006', '50056'],
    ['7777'],
    ['1056', '2056', '3099'],
    ['456'],
    ['56'], // giải 8: the đầu number
  ],
};

const ODDS: VnOdds = DEFAULT_VN_ODDS.north;
const bet = (type: VnBet['type'], numbers: string[], unitStake = 1000n): VnBet => ({
  type,
  numbers,
  unitStake,
});

describe('the hand-worked results', () => {
  it('are valid results of their regions', () => {
    expect(validateVnResult('north', NORTH.tiers).ok).toBe(true);
    expect(validateVnResult('south', SOUTH.tiers).ok).toBe(true);
    expect(validateVnResult('central', SOUTH.tiers).ok).toBe(true);
  });
});

describe('positions and what a bet costs', () => {
  it('covers 27 numbers in the North and 18 in the South and Centre', () => {
    expect(VN_STRUCTURES.north.positions).toBe(27);
    expect(VN_STRUCTURES.south.positions).toBe(18);
    expect(VN_STRUCTURES.central.positions).toBe(18);
    expect(VN_STRUCTURES.north.tiers).toHaveLength(8);
    expect(VN_STRUCTURES.south.tiers).toHaveLength(9);
  });

  it('multiplies a lô stake by the positions it covers', () => {
    expect(betCost('north', bet('lo2', ['45'], 1000n))).toBe(27_000n);
    expect(betCost('south', bet('lo2', ['45'], 1000n))).toBe(18_000n);
    // 3 càng: every number of 3 digits or more (North: all but giải 7's four; South: all but giải 8)
    expect(stakeMultiplier('north', 'lo3')).toBe(23);
    expect(stakeMultiplier('south', 'lo3')).toBe(17);
    expect(stakeMultiplier('north', 'lo4')).toBe(20);
    expect(stakeMultiplier('south', 'lo4')).toBe(16);
    expect(positionsWithDigits('north', 5)).toBe(10);
    // đầu covers the lowest tier: four numbers in the North, one in the South
    expect(betCost('north', bet('dau', ['07'], 1000n))).toBe(4000n);
    expect(betCost('south', bet('dau', ['56'], 1000n))).toBe(1000n);
    for (const type of ['de', 'de-dau', 'de-duoi', 'xien2', 'duoi'] as const) {
      expect(stakeMultiplier('north', type)).toBe(1);
    }
  });
});

describe('đề, đề đầu, đề đuôi and đuôi', () => {
  it('wins on the last two digits of the special prize only', () => {
    expect(settleVnBet(NORTH, bet('de', ['45']), ODDS)).toEqual({ outcome: 'win', hits: 1, payout: 95_000n });
    // 45 is printed five times in the North result, đề still pays once
    expect(vnHits(NORTH, bet('de', ['45']))).toBe(1);
    expect(settleVnBet(NORTH, bet('de', ['90']), ODDS)).toEqual({ outcome: 'lose', hits: 0, payout: 0n });
    expect(vnHits(SOUTH, bet('de', ['56']))).toBe(1);
    expect(vnHits(SOUTH, bet('de', ['45']))).toBe(0);
    expect(vnHits(NORTH, bet('duoi', ['45']))).toBe(1);
  });

  it('splits the two digits into đầu (tens) and đuôi (units)', () => {
    expect(vnHits(NORTH, bet('de-dau', ['4']))).toBe(1);
    expect(vnHits(NORTH, bet('de-dau', ['5']))).toBe(0);
    expect(vnHits(NORTH, bet('de-duoi', ['5']))).toBe(1);
    expect(vnHits(NORTH, bet('de-duoi', ['4']))).toBe(0);
    expect(settleVnBet(SOUTH, bet('de-dau', ['5'], 1000n), ODDS).payout).toBe(9500n);
  });

  it('handles a special prize whose last two digits repeat', () => {
    const doubled: VnResult = { ...NORTH, tiers: [['12333'], ...NORTH.tiers.slice(1)] };
    expect(vnHits(doubled, bet('de', ['33']))).toBe(1);
    expect(vnHits(doubled, bet('de-dau', ['3']))).toBe(1);
    expect(vnHits(doubled, bet('de-duoi', ['3']))).toBe(1);
  });
});

describe('lô and bao lô', () => {
  it('pays every time the number ends a prize', () => {
    // 45 ends 12345, 11145, 3445, 145 and 45
    expect(settleVnBet(NORTH, bet('lo2', ['45']), ODDS)).toEqual({
      outcome: 'win',
      hits: 5,
      payout: 475_000n,
    });
    // a number printed twice pays twice: 90 ends 67890 and 22290, 07 ends 1207 and 07
    expect(settleVnBet(NORTH, bet('lo2', ['90']), ODDS)).toEqual({
      outcome: 'win',
      hits: 2,
      payout: 190_000n,
    });
    expect(vnHits(NORTH, bet('lo2', ['07']))).toBe(2);
    expect(vnHits(NORTH, bet('lo2', ['01']))).toBe(1);
    expect(vnHits(NORTH, bet('lo2', ['99']))).toBe(0);
    // the South: 56 ends seven of its eighteen numbers
    expect(vnHits(SOUTH, bet('lo2', ['56']))).toBe(7);
  });

  it('reads only the last digits: repeated digits inside a number count once', () => {
    // 11111 ends in 11 once, not four times
    expect(vnHits(SOUTH, bet('lo2', ['11']))).toBe(1);
    expect(vnHits(SOUTH, bet('lo3', ['111']))).toBe(1);
    expect(vnHits(SOUTH, bet('lo4', ['1111']))).toBe(1);
    expect(vnHits(SOUTH, bet('lo2', ['33']))).toBe(1);
    expect(vnHits(SOUTH, bet('lo2', ['44']))).toBe(1);
  });

  it('bao lô 3 and 4 look only at numbers long enough', () => {
    expect(vnHits(NORTH, bet('lo3', ['145']))).toBe(2); // 11145 and 145
    expect(vnHits(NORTH, bet('lo3', ['345']))).toBe(1); // 12345 (giải 7's 45 is too short)
    expect(vnHits(NORTH, bet('lo4', ['3445']))).toBe(1);
    expect(vnHits(NORTH, bet('lo4', ['1145']))).toBe(1);
    expect(vnHits(NORTH, bet('lo4', ['0145']))).toBe(0); // 145 has three digits only
    expect(vnHits(SOUTH, bet('lo3', ['056']))).toBe(3); // 50056, 1056, 2056
    expect(vnHits(SOUTH, bet('lo3', ['456']))).toBe(2); // 123456, 456
    expect(vnHits(SOUTH, bet('lo4', ['3456']))).toBe(1);
  });
});

describe('đầu', () => {
  it('pays per occurrence in the lowest tier', () => {
    expect(vnHits(NORTH, bet('dau', ['07']))).toBe(1);
    expect(vnHits(NORTH, bet('dau', ['90']))).toBe(0); // printed twice, but not in giải 7
    expect(vnHits(SOUTH, bet('dau', ['56']))).toBe(1);
    const twice: VnResult = { ...NORTH, tiers: [...NORTH.tiers.slice(0, 7), ['07', '19', '07', '20']] };
    expect(settleVnBet(twice, bet('dau', ['07']), ODDS)).toEqual({
      outcome: 'win',
      hits: 2,
      payout: 190_000n,
    });
  });
});

describe('xiên', () => {
  it('pays once when every chosen number appears', () => {
    expect(settleVnBet(NORTH, bet('xien2', ['45', '90']), ODDS)).toEqual({
      outcome: 'win',
      hits: 1,
      payout: 16_000n,
    });
    expect(vnHits(NORTH, bet('xien3', ['45', '90', '07']))).toBe(1);
    expect(vnHits(NORTH, bet('xien4', ['45', '90', '07', '01']))).toBe(1);
  });

  it('loses when one number is missing', () => {
    expect(vnHits(NORTH, bet('xien2', ['45', '99']))).toBe(0);
    expect(vnHits(NORTH, bet('xien4', ['45', '90', '07', '99']))).toBe(0);
  });

  it('refuses a repeated number rather than sell a lô at xiên odds', () => {
    expect(validateVnBet(bet('xien2', ['45', '45']))).toEqual({ code: 'REPEATED_NUMBER', value: '45' });
    expect(validateVnBet(bet('xien3', ['45', '90', '90']))).toEqual({ code: 'REPEATED_NUMBER', value: '90' });
    expect(validateVnBet(bet('lo-truot', ['01', '02', '03', '01']))).toEqual({
      code: 'REPEATED_NUMBER',
      value: '01',
    });
  });
});

describe('lô trượt', () => {
  it('pays only when none of the numbers appear', () => {
    expect(settleVnBet(NORTH, bet('lo-truot', ['99', '98', '97', '96']), ODDS)).toEqual({
      outcome: 'win',
      hits: 1,
      payout: 2800n,
    });
    const eight = ['99', '98', '97', '96', '95', '94', '93', '92'];
    expect(settleVnBet(NORTH, bet('lo-truot', eight), ODDS).payout).toBe(8000n);
  });

  it('loses when a single one appears', () => {
    expect(vnHits(NORTH, bet('lo-truot', ['99', '98', '97', '45']))).toBe(0);
    expect(vnHits(NORTH, bet('lo-truot', ['99', '98', '97', '01']))).toBe(0);
  });
});

describe('bad bets', () => {
  it('names the problem', () => {
    expect(validateVnBet(bet('de', ['5']))).toEqual({ code: 'NUMBER_FORMAT', digits: 2, value: '5' });
    expect(validateVnBet(bet('de', ['123']))).toEqual({ code: 'NUMBER_FORMAT', digits: 2, value: '123' });
    expect(validateVnBet(bet('de-dau', ['10']))).toEqual({ code: 'NUMBER_FORMAT', digits: 1, value: '10' });
    expect(validateVnBet(bet('lo3', ['4a5']))).toEqual({ code: 'NUMBER_FORMAT', digits: 3, value: '4a5' });
    expect(validateVnBet(bet('lo2', ['٤٥']))).toEqual({ code: 'NUMBER_FORMAT', digits: 2, value: '٤٥' });
    expect(validateVnBet(bet('lo2', ['01', '02']))).toEqual({
      code: 'NUMBER_COUNT',
      allowed: [1],
      actual: 2,
    });
    expect(validateVnBet(bet('xien3', ['01', '02']))).toEqual({
      code: 'NUMBER_COUNT',
      allowed: [3],
      actual: 2,
    });
    expect(validateVnBet(bet('lo-truot', ['01', '02', '03', '04', '05']))).toMatchObject({
      code: 'NUMBER_COUNT',
    });
    expect(validateVnBet(bet('lo2', ['01'], 0n))).toEqual({ code: 'STAKE', value: 0n });
    expect(validateVnBet(bet('lo2', ['01'], -5n))).toEqual({ code: 'STAKE', value: -5n });
    expect(validateVnBet(bet('xien4', ['01', '02', '03', '04']))).toBeNull();
  });
});

describe('payouts', () => {
  it('are rounded down to the minor unit', () => {
    expect(payoutFor(1n, 9500, 1)).toBe(9n);
    expect(payoutFor(3n, 9500, 1)).toBe(28n);
    expect(payoutFor(1000n, 95_000, 0)).toBe(0n);
  });
});

describe("the contract's copy for the web app", () => {
  it('has the same structures, bet shapes and units as the rules', () => {
    for (const region of VN_REGIONS) {
      expect(vnTierShapes[region]).toEqual(
        VN_STRUCTURES[region].tiers.map((tier) => [tier.count, tier.digits]),
      );
      for (const type of VN_BET_TYPES) expect(vnBetUnits(region, type)).toBe(stakeMultiplier(region, type));
    }
    expect([...vnBetTypes]).toEqual([...VN_BET_TYPES]);
    for (const type of VN_BET_TYPES) expect(vnBetShapes[type]).toEqual(betShape(type));
  });
});
