import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../../lib/rng.js';
import {
  betCost,
  DEFAULT_VN_ODDS,
  LO_TRUOT_COUNTS,
  settleVnBet,
  stakeMultiplier,
  validateVnBet,
  vnHits,
  VN_BET_TYPES,
  type VnBet,
  type VnBetType,
} from './bets.js';
import { drawVnResult } from './draw.js';
import { VN_REGIONS, VN_STRUCTURES, type VnRegion, type VnResult } from './regions.js';
import { validateVnResult } from './validate.js';

/**
 * Random results and bets against a model written another way: numbers as integers, endings by
 * remainder, so a slip in the string rules would not be repeated here.
 */
const region = fc.constantFrom(...VN_REGIONS);

function resultOf(regionName: VnRegion): fc.Arbitrary<VnResult> {
  const tiers = VN_STRUCTURES[regionName].tiers.map((tier) =>
    fc
      .array(fc.integer({ min: 0, max: 10 ** tier.digits - 1 }), {
        minLength: tier.count,
        maxLength: tier.count,
      })
      .map((values) => values.map((value) => String(value).padStart(tier.digits, '0'))),
  );
  return fc.tuple(...tiers).map((values) => ({ region: regionName, tiers: values }));
}
const result = region.chain(resultOf);

function numbersFor(type: VnBetType): fc.Arbitrary<string[]> {
  const two = fc.integer({ min: 0, max: 99 }).map((v) => String(v).padStart(2, '0'));
  const distinct = (count: number) => fc.uniqueArray(two, { minLength: count, maxLength: count });
  switch (type) {
    case 'de-dau':
    case 'de-duoi':
      return fc.integer({ min: 0, max: 9 }).map((v) => [String(v)]);
    case 'lo3':
      return fc.integer({ min: 0, max: 999 }).map((v) => [String(v).padStart(3, '0')]);
    case 'lo4':
      return fc.integer({ min: 0, max: 9999 }).map((v) => [String(v).padStart(4, '0')]);
    case 'xien2':
      return distinct(2);
    case 'xien3':
      return distinct(3);
    case 'xien4':
      return distinct(4);
    case 'lo-truot':
      return fc.constantFrom(...LO_TRUOT_COUNTS).chain(distinct);
    default:
      return distinct(1);
  }
}
const anyBet: fc.Arbitrary<VnBet> = fc.constantFrom(...VN_BET_TYPES).chain((type) =>
  fc.record({
    type: fc.constant(type),
    numbers: numbersFor(type),
    unitStake: fc.bigInt({ min: 1n, max: 10n ** 9n }),
  }),
);

/** The model: a number's ending as an integer remainder, hits counted position by position. */
function modelHits(res: VnResult, b: VnBet): number {
  const shape = VN_STRUCTURES[res.region].tiers;
  const positions = res.tiers.flatMap((numbers, rank) =>
    numbers.map((value) => ({ rank, digits: shape[rank]?.digits ?? 0, value: Number(value) })),
  );
  const chosen = b.numbers.map(Number);
  const special = positions[0]?.value ?? -1;
  const lowest = shape.length - 1;
  const appears = (n: number) => positions.some((p) => p.value % 100 === n);
  const count = (digits: number, filter: (p: (typeof positions)[number]) => boolean = () => true) =>
    positions.filter((p) => p.digits >= digits && filter(p) && p.value % 10 ** digits === chosen[0]).length;
  switch (b.type) {
    case 'de':
    case 'duoi':
      return special % 100 === chosen[0] ? 1 : 0;
    case 'de-dau':
      return Math.floor((special % 100) / 10) === chosen[0] ? 1 : 0;
    case 'de-duoi':
      return special % 10 === chosen[0] ? 1 : 0;
    case 'lo2':
      return count(2);
    case 'lo3':
      return count(3);
    case 'lo4':
      return count(4);
    case 'dau':
      return count(2, (p) => p.rank === lowest);
    case 'xien2':
    case 'xien3':
    case 'xien4':
      return chosen.every(appears) ? 1 : 0;
    case 'lo-truot':
      return chosen.some(appears) ? 0 : 1;
  }
}

describe('VN win rules, property-based', () => {
  it('settlement pays exactly unit × odds × the model’s hits for random draws and bets', () => {
    fc.assert(
      fc.property(result, anyBet, (res, b) => {
        expect(validateVnBet(b)).toBeNull();
        const hits = modelHits(res, b);
        const odds = DEFAULT_VN_ODDS[res.region];
        const key = b.type === 'lo-truot' ? (`lo-truot-${b.numbers.length}` as const) : b.type;
        const settled = settleVnBet(res, b, odds);
        expect(settled.hits).toBe(hits);
        expect(settled.outcome).toBe(hits > 0 ? 'win' : 'lose');
        expect(settled.payout).toBe(
          (b.unitStake * BigInt(odds[key as keyof typeof odds]) * BigInt(hits)) / 1000n,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('lô over all 100 numbers finds every position exactly once (and 3 càng over all 1000)', () => {
    fc.assert(
      fc.property(result, (res) => {
        let two = 0;
        for (let n = 0; n < 100; n += 1)
          two += vnHits(res, { type: 'lo2', numbers: [String(n).padStart(2, '0')] });
        expect(two).toBe(VN_STRUCTURES[res.region].positions);
        let three = 0;
        for (let n = 0; n < 1000; n += 1)
          three += vnHits(res, { type: 'lo3', numbers: [String(n).padStart(3, '0')] });
        expect(three).toBe(stakeMultiplier(res.region, 'lo3'));
      }),
      { numRuns: 100 },
    );
  });

  it('exactly one đề number, one đề đầu digit and one đề đuôi digit win', () => {
    fc.assert(
      fc.property(result, (res) => {
        const winners = (type: VnBetType, width: number, size: number) =>
          Array.from({ length: size }, (_, n) =>
            vnHits(res, { type, numbers: [String(n).padStart(width, '0')] }),
          ).reduce((a, b) => a + b, 0);
        expect(winners('de', 2, 100)).toBe(1);
        expect(winners('de-dau', 1, 10)).toBe(1);
        expect(winners('de-duoi', 1, 10)).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it('lô trượt wins exactly when every one of its numbers has no lô hit', () => {
    fc.assert(
      fc.property(result, numbersFor('lo-truot'), (res, numbers) => {
        const none = numbers.every((n) => vnHits(res, { type: 'lo2', numbers: [n] }) === 0);
        expect(vnHits(res, { type: 'lo-truot', numbers })).toBe(none ? 1 : 0);
      }),
    );
  });

  it('what a bet costs is its unit stake times the positions it covers', () => {
    fc.assert(
      fc.property(region, anyBet, (r, b) => {
        expect(betCost(r, b)).toBe(b.unitStake * BigInt(stakeMultiplier(r, b.type)));
      }),
    );
  });
});

describe('house draws', () => {
  it('always make a valid result of the region', () => {
    for (const r of VN_REGIONS) {
      for (let i = 0; i < 200; i += 1) {
        const drawn = drawVnResult(r);
        expect(validateVnResult(r, drawn.tiers)).toEqual({ ok: true, result: drawn });
      }
    }
  });

  it('ask the generator for each number over its whole range and pad it', () => {
    fc.assert(
      fc.property(region, fc.boolean(), (r, high) => {
        const asked: [number, number][] = [];
        const rng: Rng = {
          int: (min, max) => {
            asked.push([min, max]);
            return high ? max - 1 : min;
          },
          bytes: () => Buffer.alloc(0),
        };
        const drawn = drawVnResult(r, rng);
        const shape = VN_STRUCTURES[r].tiers;
        expect(asked).toEqual(
          shape.flatMap((tier) => Array.from({ length: tier.count }, () => [0, 10 ** tier.digits])),
        );
        drawn.tiers.forEach((numbers, rank) =>
          numbers.forEach((value) => expect(value).toBe((high ? '9' : '0').repeat(shape[rank]?.digits ?? 0))),
        );
      }),
    );
  });
});

describe('entered results', () => {
  it('are refused with every problem named', () => {
    const good = drawVnResult('north').tiers.map((numbers) => [...numbers]);
    const bad = good.map((numbers) => [...numbers]);
    bad[0] = ['1234']; // special has 5 digits in the North
    bad[3] = bad[3]!.slice(0, 5); // third prize has 6 numbers
    bad[7] = ['12', '3x', '45', '67']; // not digits
    expect(validateVnResult('north', bad)).toEqual({
      ok: false,
      problems: [
        { code: 'NUMBER_FORMAT', tier: 0, index: 0, digits: 5, value: '1234' },
        { code: 'NUMBER_COUNT', tier: 3, expected: 6, actual: 5 },
        { code: 'NUMBER_FORMAT', tier: 7, index: 1, digits: 2, value: '3x' },
      ],
    });
    expect(validateVnResult('south', good)).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([{ code: 'TIER_COUNT', expected: 9, actual: 8 }]),
    });
    expect(validateVnResult('north', [...good, ['00']])).toMatchObject({
      ok: false,
      problems: [{ code: 'TIER_COUNT', expected: 8, actual: 9 }],
    });
  });

  it('accept repeated numbers, as real draws have them', () => {
    const repeated = VN_STRUCTURES.south.tiers.map((tier) =>
      Array.from({ length: tier.count }, () => '7'.repeat(tier.digits)),
    );
    expect(validateVnResult('south', repeated).ok).toBe(true);
  });
});
