import type { RngGenerator, RngStream } from './generators.js';
import { CONFIDENCE, testSample, type StatisticalTest } from './statistics.js';

/**
 * Runs the frequency, runs and serial correlation tests on `outputs` outputs of each stream of each
 * generator, at 99% confidence. A good generator fails a given test once in a hundred samples, so a
 * failed test is run again on a fresh sample: a stream fails only when the same test fails twice (a
 * chance of 1 in 10,000 per test for a good generator, every time for a bad one). Returns the number of
 * tests that failed twice; prints every statistic with its critical value through `print`.
 */
export async function runRngTests(
  generators: readonly RngGenerator[],
  outputs: number,
  print: (line: string) => void,
): Promise<number> {
  const format = (result: StatisticalTest) =>
    `    ${result.test.padEnd(19)} ${result.statistic.toFixed(3).padStart(12)}  ` +
    `${result.test === 'frequency' ? 'critical' : 'critical |z|'} ${result.critical.toFixed(3).padStart(10)}  ` +
    `${result.passed ? 'pass' : 'FAIL'}  ${result.detail}`;
  const testStream = (stream: RngStream) => testSample(stream.values, stream.categories, stream.expected);

  let failures = 0;
  print(`RNG tests at ${CONFIDENCE * 100}% confidence, ${outputs.toLocaleString('en')} outputs per stream\n`);
  for (const generator of generators) {
    print(generator.name);
    const started = performance.now();
    const streams = await generator.draw(outputs);
    for (const [index, stream] of streams.entries()) {
      print(`  ${stream.name}`);
      const results = testStream(stream);
      for (const result of results) print(format(result));
      const failed = results.filter((result) => !result.passed).map((result) => result.test);
      if (failed.length === 0) continue;
      print(`    again on a fresh sample (${failed.join(', ')}):`);
      const fresh = (await generator.draw(outputs))[index];
      if (!fresh) throw new Error(`${generator.name} gave fewer streams the second time`);
      for (const result of testStream(fresh).filter((again) => failed.includes(again.test))) {
        print(format(result));
        if (!result.passed) failures += 1;
      }
    }
    print(`  (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  print(failures === 0 ? 'every generator passed' : `${failures} test(s) failed twice`);
  return failures;
}
