import { describe, expect, it } from 'vitest';
import { seededWords, StopSampler } from '../../apps/server/src/modules/inhouse/slot/stops.js';
import { generators, type RngGenerator } from './generators.js';
import { runRngTests } from './runner.js';

/** A generator of outputs in [0, 10) from a seeded stream, good or reduced modulo 10 from raw bytes. */
function generator(kind: 'good' | 'modulo of a byte'): RngGenerator {
  let draws = 0;
  return {
    name: kind,
    draw(count) {
      draws += 1;
      const source = seededWords(`${kind} ${draws}`);
      let values: Int32Array;
      if (kind === 'good') {
        const sampler = new StopSampler(source);
        const limit = StopSampler.limit(10);
        values = Int32Array.from({ length: count }, () => sampler.next(10, limit));
      } else {
        const words = new Uint32Array(count);
        source(words);
        values = Int32Array.from(words, (word) => (word & 0xff) % 10);
      }
      return [{ name: 'digits', categories: 10, values }];
    },
  };
}

describe('the RNG test runner', () => {
  it('passes a good generator and fails one that scales by the modulo of a byte, printing both', async () => {
    const lines: string[] = [];
    expect(await runRngTests([generator('good')], 200_000, (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toMatch(/frequency .* critical +21\.666 +pass/);
    expect(lines.at(-1)).toBe('every generator passed');

    lines.length = 0;
    const failures = await runRngTests([generator('modulo of a byte')], 200_000, (line) => lines.push(line));
    expect(failures).toBe(1);
    expect(lines.join('\n')).toMatch(/again on a fresh sample \(frequency\)/);
    expect(lines.at(-1)).toBe('1 test(s) failed twice');
  });

  it("tests the slot's reel stops, one stream per reel, each in its strip's range", async () => {
    const slot = generators.find((entry) => entry.name.startsWith('slot reel stops'));
    const streams = (await slot?.draw(1000)) ?? [];
    expect(streams).toHaveLength(5);
    for (const stream of streams) {
      expect(stream.values).toHaveLength(1000);
      expect(Math.max(...stream.values)).toBeLessThan(stream.categories);
      expect(Math.min(...stream.values)).toBeGreaterThanOrEqual(0);
    }
  });
});
