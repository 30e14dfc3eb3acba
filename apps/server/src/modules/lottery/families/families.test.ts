import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Judgement, LotteryFamily } from './family.js';
import { familyOf } from './registry.js';

/** Checks the selection first (as the engine does) and judges its canonical form. */
function outcome(family: LotteryFamily, betType: string, selection: string[], draw: number[]): string {
  const checked = family.check(betType, selection);
  if (!checked.ok) throw new Error(checked.reason);
  const judgement: Judgement = family.judge(betType, checked.selection, draw);
  return judgement.outcome === 'win'
    ? `win${judgement.hits === 1 ? '' : `x${judgement.hits}`}`
    : judgement.outcome;
}

describe('SSC (5 digits)', () => {
  const ssc = familyOf('SSC');
  const draw = [3, 8, 8, 1, 3];
  it('digit: the digit at its position', () => {
    expect(outcome(ssc, 'digit', ['2', '8'], draw)).toBe('win');
    expect(outcome(ssc, 'digit', ['1', '8'], draw)).toBe('lose');
  });
  it('straight3: the block in order', () => {
    expect(outcome(ssc, 'straight3', ['F', '3', '8', '8'], draw)).toBe('win');
    expect(outcome(ssc, 'straight3', ['F', '8', '3', '8'], draw)).toBe('lose');
    expect(outcome(ssc, 'straight3', ['B', '8', '1', '3'], draw)).toBe('win');
  });
  it('group3: a repeated digit in any order; a triple or three different digits lose', () => {
    expect(outcome(ssc, 'group3', ['F', '8', '3'], draw)).toBe('win');
    expect(outcome(ssc, 'group3', ['F', '3', '8'], draw)).toBe('lose');
    expect(outcome(ssc, 'group3', ['M', '8', '1'], draw)).toBe('win');
    expect(outcome(ssc, 'group3', ['F', '7', '6'], [7, 7, 7, 0, 0])).toBe('lose');
    expect(outcome(ssc, 'group3', ['B', '8', '1'], draw)).toBe('lose');
  });
  it('group6: three different digits in any order; a repeated digit loses', () => {
    expect(outcome(ssc, 'group6', ['B', '8', '3', '1'], draw)).toBe('win');
    expect(outcome(ssc, 'group6', ['F', '3', '8', '1'], draw)).toBe('lose');
  });
  it('size and parity per position and on the sum (sum 23 is the first big)', () => {
    expect(outcome(ssc, 'size', ['1', 'small'], draw)).toBe('win');
    expect(outcome(ssc, 'size', ['2', 'big'], draw)).toBe('win');
    expect(outcome(ssc, 'size', ['sum', 'big'], draw)).toBe('win'); // 23
    expect(outcome(ssc, 'size', ['sum', 'small'], [4, 4, 4, 5, 5])).toBe('win'); // 22
    expect(outcome(ssc, 'parity', ['sum', 'odd'], draw)).toBe('win');
    expect(outcome(ssc, 'parity', ['4', 'odd'], draw)).toBe('win');
    expect(outcome(ssc, 'parity', ['5', 'even'], draw)).toBe('lose');
  });
  it('dragon-tiger: first against fifth; equal digits are a tie for dragon and tiger', () => {
    expect(outcome(ssc, 'dragon-tiger', ['dragon'], draw)).toBe('tie');
    expect(outcome(ssc, 'dragon-tiger', ['tiger'], draw)).toBe('tie');
    expect(outcome(ssc, 'dragon-tiger', ['tie'], draw)).toBe('win');
    expect(outcome(ssc, 'dragon-tiger', ['dragon'], [9, 0, 0, 0, 2])).toBe('win');
    expect(outcome(ssc, 'dragon-tiger', ['tiger'], [9, 0, 0, 0, 2])).toBe('lose');
    expect(outcome(ssc, 'dragon-tiger', ['tie'], [9, 0, 0, 0, 2])).toBe('lose');
  });
  it('refuses malformed selections with a reason', () => {
    for (const [type, selection] of [
      ['digit', ['6', '1']],
      ['digit', ['1', '10']],
      ['straight3', ['X', '1', '2', '3']],
      ['group3', ['F', '4', '4']],
      ['group6', ['F', '1', '1', '2']],
      ['size', ['sum', 'huge']],
      ['dragon-tiger', ['dragon', 'tiger']],
      ['nothing', ['1']],
    ] as const) {
      expect(ssc.check(type, [...selection]).ok).toBe(false);
    }
  });
  it('a group6 selection is stored sorted', () => {
    expect(ssc.check('group6', ['F', '9', '2', '5'])).toMatchObject({
      ok: true,
      selection: ['F', '2', '5', '9'],
    });
  });
});

describe('K3 (three dice)', () => {
  const k3 = familyOf('K3');
  it('sum with its own odds per total', () => {
    expect(outcome(k3, 'sum', ['10'], [2, 3, 5])).toBe('win');
    expect(outcome(k3, 'sum', ['11'], [2, 3, 5])).toBe('lose');
    expect(k3.check('sum', ['4'])).toMatchObject({ oddsKey: 'sum:4' });
    expect(k3.betTypes.sum?.defaultOdds['sum:4']).toBeGreaterThan(
      k3.betTypes.sum?.defaultOdds['sum:10'] ?? 0,
    );
  });
  it('size and parity: 11 is big, 10 small, a triple loses both', () => {
    expect(outcome(k3, 'size', ['big'], [5, 5, 1])).toBe('win');
    expect(outcome(k3, 'size', ['small'], [4, 5, 1])).toBe('win');
    expect(outcome(k3, 'size', ['big'], [6, 6, 6])).toBe('lose');
    expect(outcome(k3, 'size', ['small'], [1, 1, 1])).toBe('lose');
    expect(outcome(k3, 'parity', ['even'], [2, 2, 2])).toBe('lose');
    expect(outcome(k3, 'parity', ['odd'], [1, 2, 4])).toBe('win');
  });
  it('triples, pairs, two and three different numbers', () => {
    expect(outcome(k3, 'any-triple', ['any'], [4, 4, 4])).toBe('win');
    expect(outcome(k3, 'any-triple', ['any'], [4, 4, 3])).toBe('lose');
    expect(outcome(k3, 'triple', ['4'], [4, 4, 4])).toBe('win');
    expect(outcome(k3, 'triple', ['5'], [4, 4, 4])).toBe('lose');
    expect(outcome(k3, 'pair', ['4'], [4, 1, 4])).toBe('win');
    expect(outcome(k3, 'pair', ['4'], [4, 4, 4])).toBe('win');
    expect(outcome(k3, 'pair', ['1'], [4, 1, 4])).toBe('lose');
    expect(outcome(k3, 'two-different', ['4', '1'], [4, 1, 4])).toBe('win');
    expect(outcome(k3, 'two-different', ['4', '2'], [4, 1, 4])).toBe('lose');
    expect(outcome(k3, 'three-different', ['6', '1', '3'], [1, 3, 6])).toBe('win');
    expect(outcome(k3, 'three-different', ['1', '3', '4'], [4, 1, 4])).toBe('lose');
  });
  it('refuses a repeated face where different faces are asked, and faces outside 1-6', () => {
    expect(k3.check('two-different', ['2', '2']).ok).toBe(false);
    expect(k3.check('triple', ['7']).ok).toBe(false);
    expect(k3.check('sum', ['19']).ok).toBe(false);
  });
});

describe('11-choose-5', () => {
  const x115 = familyOf('X115');
  const draw = [7, 2, 11, 5, 1];
  it('any k: k up to 5 all chosen drawn, from 5 up all drawn chosen', () => {
    expect(outcome(x115, 'any', ['11'], draw)).toBe('win');
    expect(outcome(x115, 'any', ['3'], draw)).toBe('lose');
    expect(outcome(x115, 'any', ['1', '2', '5', '7'], draw)).toBe('win');
    expect(outcome(x115, 'any', ['1', '2', '5', '7', '11'], draw)).toBe('win');
    expect(outcome(x115, 'any', ['1', '2', '5', '7', '10'], draw)).toBe('lose');
    expect(outcome(x115, 'any', ['1', '2', '3', '4', '5', '7', '9', '11'], draw)).toBe('win');
    expect(outcome(x115, 'any', ['1', '2', '3', '4', '5', '6', '8', '9'], draw)).toBe('lose');
    expect(x115.check('any', ['3', '1', '2'])).toMatchObject({
      oddsKey: 'any:3',
      selection: ['1', '2', '3'],
    });
  });
  it('first, front2 and front3 in order', () => {
    expect(outcome(x115, 'first', ['7'], draw)).toBe('win');
    expect(outcome(x115, 'front2', ['7', '2'], draw)).toBe('win');
    expect(outcome(x115, 'front2', ['2', '7'], draw)).toBe('lose');
    expect(outcome(x115, 'front3', ['7', '2', '11'], draw)).toBe('win');
  });
  it('refuses repeats and numbers outside 1-11', () => {
    expect(x115.check('any', ['1', '1']).ok).toBe(false);
    expect(x115.check('front2', ['3', '3']).ok).toBe(false);
    expect(x115.check('first', ['12']).ok).toBe(false);
    expect(x115.check('any', ['1', '2', '3', '4', '5', '6', '7', '8', '9']).ok).toBe(false);
  });
});

describe('PK10 (10-car race)', () => {
  const pk10 = familyOf('PK10');
  const draw = [3, 9, 1, 10, 5, 2, 8, 4, 6, 7];
  it('position, size and parity of a position', () => {
    expect(outcome(pk10, 'position', ['2', '9'], draw)).toBe('win');
    expect(outcome(pk10, 'position', ['9', '2'], draw)).toBe('lose');
    expect(outcome(pk10, 'size', ['4', 'big'], draw)).toBe('win');
    expect(outcome(pk10, 'size', ['5', 'small'], draw)).toBe('win'); // 5 is small
    expect(outcome(pk10, 'parity', ['1', 'odd'], draw)).toBe('win');
  });
  it('first-two sum: 12 is big, 11 small', () => {
    expect(outcome(pk10, 'sum12', ['12'], draw)).toBe('win');
    expect(outcome(pk10, 'sum12-size', ['big'], draw)).toBe('win');
    expect(outcome(pk10, 'sum12-size', ['small'], [5, 6, 1, 2, 3, 4, 7, 8, 9, 10])).toBe('win');
    expect(outcome(pk10, 'sum12-parity', ['even'], draw)).toBe('win');
    expect(pk10.check('sum12-size', ['big'])).toMatchObject({ oddsKey: 'big' });
  });
  it('dragon-tiger: position i against 11 - i', () => {
    expect(outcome(pk10, 'dragon-tiger', ['1', 'tiger'], draw)).toBe('win'); // 3 v 7
    expect(outcome(pk10, 'dragon-tiger', ['2', 'dragon'], draw)).toBe('win'); // 9 v 6
    expect(outcome(pk10, 'dragon-tiger', ['4', 'dragon'], draw)).toBe('win'); // 10 v 2
    expect(pk10.check('dragon-tiger', ['6', 'dragon']).ok).toBe(false);
  });
});

describe('every family (property)', () => {
  const codes = ['SSC', 'K3', 'X115', 'PK10'];
  it('a canonical selection checks to itself and every judgement is total', () => {
    for (const code of codes) {
      const family = familyOf(code);
      const { drawSpec } = family;
      const drawArbitrary =
        drawSpec.kind === 'with-replacement'
          ? fc.array(fc.integer({ min: drawSpec.min, max: drawSpec.max }), {
              minLength: drawSpec.count,
              maxLength: drawSpec.count,
            })
          : fc
              .shuffledSubarray(
                Array.from({ length: drawSpec.max - drawSpec.min + 1 }, (_, index) => drawSpec.min + index),
                { minLength: drawSpec.count, maxLength: drawSpec.count },
              )
              .chain((numbers) => fc.shuffledSubarray(numbers, { minLength: numbers.length }));
      const tokens = fc.array(
        fc.constantFrom(
          '1',
          '2',
          '3',
          '5',
          '6',
          '9',
          '10',
          '11',
          'F',
          'B',
          'big',
          'odd',
          'sum',
          'dragon',
          'any',
        ),
        { maxLength: 5 },
      );
      fc.assert(
        fc.property(
          fc.constantFrom(...Object.keys(family.betTypes)),
          tokens,
          drawArbitrary,
          (type, selection, draw) => {
            const checked = family.check(type, selection);
            if (!checked.ok) return;
            expect(family.check(type, checked.selection)).toEqual(checked);
            expect(Object.keys(family.betTypes[type]?.defaultOdds ?? {})).toContain(checked.oddsKey);
            const judged = family.judge(type, checked.selection, draw);
            expect(['win', 'lose', 'tie']).toContain(judged.outcome);
          },
        ),
        { numRuns: 400 },
      );
    }
  });
});
