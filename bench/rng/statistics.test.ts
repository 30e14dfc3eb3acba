import { describe, expect, it } from 'vitest';
import { seededWords, StopSampler } from '../../apps/server/src/modules/inhouse/slot/stops.js';
import {
  frequencyTest,
  medianSplit,
  runsTest,
  serialCorrelationTest,
  testSample,
  Z_CRITICAL,
} from './statistics.js';

/** `count` outputs in [0, categories), unbiased, from a seeded node:crypto stream: a good generator. */
function good(count: number, categories: number, seed = 'good'): Int32Array {
  const sampler = new StopSampler(seededWords(seed));
  const limit = StopSampler.limit(categories);
  return Int32Array.from({ length: count }, () => sampler.next(categories, limit));
}

/** Raw bytes reduced modulo 10: 0 to 5 come up 26 times in 256, 6 to 9 only 25 (the bias rejection removes). */
function moduloOfBytes(count: number): Int32Array {
  const bytes = new Uint8Array(count);
  const words = new Uint32Array(Math.ceil(count / 4));
  seededWords('bytes')(words);
  bytes.set(new Uint8Array(words.buffer).subarray(0, count));
  return Int32Array.from(bytes, (byte) => byte % 10);
}

describe('critical values at 99%', () => {
  it('are the textbook ones', () => {
    expect(Z_CRITICAL).toBeCloseTo(2.5758, 4);
    // Chi-square tables: 9 degrees of freedom, 0.99: 21.666; 1: 6.635.
    expect(frequencyTest(good(1000, 10), 10).critical).toBeCloseTo(21.666, 3);
    expect(frequencyTest(good(1000, 2), 2).critical).toBeCloseTo(6.635, 3);
  });
});

describe('a good generator', () => {
  it('passes all three tests on a million outputs', () => {
    const values = good(1_000_000, 37);
    const results = testSample(values, 37);
    expect(results.map((result) => [result.test, result.passed])).toEqual([
      ['frequency', true],
      ['runs', true],
      ['serial correlation', true],
    ]);
  });

  it('passes with unequal chances when the counts follow them', () => {
    // Outcome 0 three times as likely as 1: two words of a good stream make 0 unless both are odd.
    const sampler = new StopSampler(seededWords('unequal'));
    const limit = StopSampler.limit(2);
    const values = Int32Array.from({ length: 200_000 }, () =>
      sampler.next(2, limit) === 1 && sampler.next(2, limit) === 1 ? 1 : 0,
    );
    expect(frequencyTest(values, 2, [0.75, 0.25]).passed).toBe(true);
    expect(frequencyTest(values, 2).passed).toBe(false);
    expect(testSample(values, 2, [0.75, 0.25]).every((result) => result.passed)).toBe(true);
  });
});

describe('a bad generator fails', () => {
  it('frequency: the modulo of a raw byte favours the low outcomes', () => {
    const result = frequencyTest(moduloOfBytes(1_000_000), 10);
    expect(result.passed).toBe(false);
    expect(result.statistic).toBeGreaterThan(result.critical * 5);
  });

  it('frequency: a generator that never makes one outcome', () => {
    const values = good(100_000, 9); // 0 to 8 of 10 categories
    expect(frequencyTest(values, 10).passed).toBe(false);
  });

  it('runs: outputs that alternate low and high, with perfect frequencies', () => {
    const values = good(100_000, 5).map((value, index) => (index % 2 === 0 ? value : value + 5));
    expect(frequencyTest(values, 10).passed).toBe(true);
    const runs = runsTest(values, 5);
    expect(runs.passed).toBe(false);
    expect(runs.statistic).toBeGreaterThan(Z_CRITICAL);
  });

  it('runs and serial correlation: every output said twice', () => {
    const once = good(50_000, 10);
    const twice = Int32Array.from({ length: 100_000 }, (_, index) => once[index >> 1] as number);
    expect(frequencyTest(twice, 10).passed).toBe(true);
    const runs = runsTest(twice, 5);
    expect(runs.passed).toBe(false);
    expect(runs.statistic).toBeLessThan(-Z_CRITICAL);
    const serial = serialCorrelationTest(twice);
    expect(serial.passed).toBe(false);
    expect(serial.statistic).toBeGreaterThan(Z_CRITICAL);
  });

  it('serial correlation: each output a small step from the last (a random walk round the dial)', () => {
    let value = 0;
    const steps = good(100_000, 3);
    const walk = Int32Array.from(steps, (step) => (value = (value + step - 1 + 20) % 20));
    expect(serialCorrelationTest(walk).passed).toBe(false);
  });

  it('every value on one side of the split fails the runs test', () => {
    expect(runsTest(new Int32Array(100).fill(1), 5).passed).toBe(false);
  });
});

describe('bad input', () => {
  it('an outcome outside the categories, or too few values per category, is refused', () => {
    expect(() => frequencyTest([0, 1, 10], 10)).toThrow(/not an outcome/);
    expect(() => frequencyTest(good(20, 10), 10)).toThrow(/fewer than 5/);
    expect(() => frequencyTest(good(100, 2), 2, [0.5, 0.6])).toThrow(/add up/);
  });

  it('the median split of a distribution', () => {
    expect(medianSplit(10)).toBe(5);
    expect(medianSplit(2, [0.75, 0.25])).toBe(1);
    expect(medianSplit(4, [0.1, 0.2, 0.3, 0.4])).toBe(3);
  });
});
