import chiSquareQuantile from '@stdlib/stats-base-dists-chisquare-quantile';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

/**
 * The tests that regulators' labs run on a game's scaled random outputs (e.g. GLI-19's frequency, runs
 * and serial correlation tests), each at 99% confidence: a good generator fails one of them by chance
 * once in a hundred runs. Pure: values in, statistic and verdict out. The critical values come from the
 * chi-square and normal quantile functions of stdlib (ADR 025), not from tables.
 */
export const CONFIDENCE = 0.99;

export interface StatisticalTest {
  test: 'frequency' | 'runs' | 'serial correlation';
  /** the test statistic: chi-square for frequency, z for the others */
  statistic: number;
  /** frequency: the largest chi-square that passes; runs and serial correlation: the largest |z| */
  critical: number;
  passed: boolean;
  /** what the statistic was computed from, for the report */
  detail: string;
}

/** |z| below this passes a two-sided test at CONFIDENCE. */
export const Z_CRITICAL = normalQuantile(1 - (1 - CONFIDENCE) / 2, 0, 1);

/**
 * Frequency: Pearson's chi-square of the counts of each outcome against the counts expected (all equal
 * unless `expected` gives each outcome's chance), with categories - 1 degrees of freedom. Every outcome
 * must be expected at least 5 times, or the chi-square approximation does not hold.
 */
export function frequencyTest(
  values: ArrayLike<number>,
  categories: number,
  expected?: readonly number[],
): StatisticalTest {
  if (!Number.isInteger(categories) || categories < 2) throw new RangeError('at least 2 categories');
  if (expected && expected.length !== categories) throw new RangeError('one chance per category');
  const chances = expected ?? Array.from({ length: categories }, () => 1 / categories);
  const total = chances.reduce((sum, chance) => sum + chance, 0);
  if (Math.abs(total - 1) > 1e-9) throw new RangeError(`the chances add up to ${total}, not 1`);
  const counts = new Float64Array(categories);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] as number;
    if (!Number.isInteger(value) || value < 0 || value >= categories) {
      throw new RangeError(`value ${value} at ${index} is not an outcome in [0, ${categories})`);
    }
    counts[value] = (counts[value] as number) + 1;
  }
  let statistic = 0;
  chances.forEach((chance, category) => {
    const wanted = chance * values.length;
    if (wanted < 5) throw new RangeError(`category ${category} is expected ${wanted} times: fewer than 5`);
    statistic += ((counts[category] as number) - wanted) ** 2 / wanted;
  });
  const critical = chiSquareQuantile(CONFIDENCE, categories - 1);
  return {
    test: 'frequency',
    statistic,
    critical,
    passed: statistic <= critical,
    detail: `${values.length} values in ${categories} categories, ${categories - 1} degrees of freedom`,
  };
}

/**
 * Runs (Wald-Wolfowitz): each value is below `split` or not; a run is a stretch of one kind. Too few
 * runs means values cluster, too many means they alternate. Given n1 values below and n2 not, the count
 * of runs has mean 2 n1 n2 / n + 1 and variance 2 n1 n2 (2 n1 n2 - n) / (n^2 (n - 1)); the statistic is
 * its z-score. Any split is valid; near the median gives the test the most power.
 */
export function runsTest(values: ArrayLike<number>, split: number): StatisticalTest {
  const n = values.length;
  let below = 0;
  let runs = 0;
  let previous: boolean | undefined;
  for (let index = 0; index < n; index += 1) {
    const low = (values[index] as number) < split;
    if (low) below += 1;
    if (low !== previous) runs += 1;
    previous = low;
  }
  const above = n - below;
  if (below === 0 || above === 0) {
    return {
      test: 'runs',
      statistic: Number.POSITIVE_INFINITY,
      critical: Z_CRITICAL,
      passed: false,
      detail: `every value is ${below === 0 ? 'at or above' : 'below'} ${split}`,
    };
  }
  const mean = (2 * below * above) / n + 1;
  const variance = (2 * below * above * (2 * below * above - n)) / (n * n * (n - 1));
  const statistic = (runs - mean) / Math.sqrt(variance);
  return {
    test: 'runs',
    statistic,
    critical: Z_CRITICAL,
    passed: Math.abs(statistic) <= Z_CRITICAL,
    detail: `${runs} runs about ${split} (expected ${mean.toFixed(1)}; ${below} below, ${above} not)`,
  };
}

/**
 * Serial correlation: the correlation of each value with the one `lag` later. For independent values
 * it is about -1/n with standard deviation 1/sqrt(n); the statistic is its z-score.
 */
export function serialCorrelationTest(values: ArrayLike<number>, lag = 1): StatisticalTest {
  const n = values.length;
  if (n < lag + 3) throw new RangeError('too few values');
  let mean = 0;
  for (let index = 0; index < n; index += 1) mean += values[index] as number;
  mean /= n;
  let products = 0;
  let squares = 0;
  for (let index = 0; index < n; index += 1) {
    const centred = (values[index] as number) - mean;
    squares += centred * centred;
    if (index + lag < n) products += centred * ((values[index + lag] as number) - mean);
  }
  const correlation = squares === 0 ? 1 : products / squares;
  const statistic = (correlation + 1 / n) * Math.sqrt(n);
  return {
    test: 'serial correlation',
    statistic,
    critical: Z_CRITICAL,
    passed: Math.abs(statistic) <= Z_CRITICAL,
    detail: `lag ${lag}: r = ${correlation.toExponential(3)} over ${n} values`,
  };
}

/** The split nearest the median of the outcomes' distribution: the first outcome at which half is reached. */
export function medianSplit(categories: number, expected?: readonly number[]): number {
  if (!expected) return Math.ceil(categories / 2);
  let cumulative = 0;
  for (let category = 0; category < categories; category += 1) {
    cumulative += expected[category] ?? 0;
    if (cumulative >= 0.5) return category + 1 >= categories ? category : category + 1;
  }
  return categories - 1;
}

/** The three tests on one sample. */
export function testSample(
  values: ArrayLike<number>,
  categories: number,
  expected?: readonly number[],
): StatisticalTest[] {
  return [
    frequencyTest(values, categories, expected),
    runsTest(values, medianSplit(categories, expected)),
    serialCorrelationTest(values, 1),
  ];
}
