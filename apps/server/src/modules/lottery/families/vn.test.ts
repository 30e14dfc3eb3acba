import { drawFromSeed } from '@platform/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsOf, validateVnResult, VN_REGIONS, type VnResult } from '../vn/index.js';
import { familyOf } from './registry.js';
import { vnFamily } from './vn.js';

const NORTH: VnResult = {
  region: 'north',
  tiers: [
    ['12345'],
    ['67890'],
    ['11145', '22290'],
    ['33301', '44402', '55503', '66604', '77705', '88806'],
    ['1207', '3445', '5609', '7810'],
    ['0011', '2212', '4413', '6614', '8815', '9916'],
    ['145', '217', '318'],
    ['45', '19', '20', '07'],
  ],
};

describe('the VN families', () => {
  const north = vnFamily('north');
  const draw = digitsOf(NORTH);

  it('are registered for the engine, one per region', () => {
    expect(familyOf('VN_NORTH').code).toBe('VN_NORTH');
    expect(familyOf('VN_CENTRAL').drawSpec).toEqual({ kind: 'with-replacement', count: 82, min: 0, max: 9 });
    expect(familyOf('VN_SOUTH').drawSpec.count).toBe(82);
    expect(north.drawSpec.count).toBe(107);
  });

  it('check a selection: units by positions, canonical order, odds key', () => {
    expect(north.check('lo2', ['45'])).toEqual({ ok: true, selection: ['45'], oddsKey: '', units: 27 });
    expect(vnFamily('south').check('lo2', ['45'])).toMatchObject({ ok: true, units: 18 });
    expect(north.check('xien3', ['90', '07', '45'])).toEqual({
      ok: true,
      selection: ['07', '45', '90'],
      oddsKey: '',
      units: 1,
    });
    expect(north.check('lo-truot', ['99', '98', '97', '96'])).toMatchObject({ ok: true, oddsKey: '4' });
    expect(north.betTypes['lo-truot']?.defaultOdds).toEqual({ '4': 2800, '8': 8000, '10': 14_000 });
    expect(north.betTypes.de?.defaultOdds).toEqual({ '': 95_000 });
  });

  it('refuse a bad selection with its reason', () => {
    expect(north.check('xien2', ['45', '45'])).toEqual({
      ok: false,
      reason: 'a number may be chosen only once: 45',
    });
    expect(north.check('de', ['4'])).toEqual({ ok: false, reason: 'each number has exactly 2 digit(s): 4' });
    expect(north.check('lo-truot', ['01', '02'])).toEqual({
      ok: false,
      reason: 'takes 4 or 8 or 10 number(s), not 2',
    });
    expect(north.check('three_balls', ['1'])).toEqual({ ok: false, reason: 'unknown bet type three_balls' });
  });

  it('judge a draw by the VN rules', () => {
    expect(north.judge('lo2', ['45'], draw)).toEqual({ outcome: 'win', hits: 5 });
    expect(north.judge('lo2', ['90'], draw)).toEqual({ outcome: 'win', hits: 2 });
    expect(north.judge('de', ['45'], draw)).toEqual({ outcome: 'win', hits: 1 });
    expect(north.judge('xien2', ['45', '90'], draw)).toEqual({ outcome: 'win', hits: 1 });
    expect(north.judge('lo-truot', ['45', '97', '98', '99'], draw)).toEqual({ outcome: 'lose' });
    expect(north.judge('dau', ['07'], draw)).toEqual({ outcome: 'win', hits: 1 });
  });

  it('present a draw as the printed table', () => {
    const shown = north.present?.(draw);
    expect(shown?.groups[0]).toEqual({ name: 'special', numbers: ['12345'] });
    expect(shown?.groups[7]).toEqual({ name: '7', numbers: ['45', '19', '20', '07'] });
    expect(shown?.facts).toEqual({ de: '45' });
  });

  it('turn any seed into a valid result of the region', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VN_REGIONS),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        async (region, seed) => {
          const hex = Buffer.from(seed).toString('hex');
          const family = vnFamily(region);
          const digits = await drawFromSeed(family.drawSpec, hex);
          const shown = family.present?.(digits);
          const tiers = shown?.groups.map((group) => group.numbers) ?? [];
          expect(validateVnResult(region, tiers).ok).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });
});
