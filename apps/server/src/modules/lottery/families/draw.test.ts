import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawFromSeed, SeedStream, seedCommitment } from '@platform/contract';

const seed = 'ab'.repeat(32);

describe('lottery draw from a seed', () => {
  it('commits to the seed with SHA-256 of its bytes', async () => {
    const bytes = randomBytes(32);
    expect(await seedCommitment(bytes.toString('hex'))).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
  });

  it('reads the stream SHA-256(seed || counter) as big-endian words', async () => {
    const block = createHash('sha256')
      .update(Buffer.concat([Buffer.from(seed, 'hex'), Buffer.from([0, 0, 0, 0])]))
      .digest();
    const stream = new SeedStream(seed);
    // n = 2^32 never rejects: the first word as it is.
    expect(await stream.below(2 ** 32)).toBe(block.readUInt32BE(0));
    expect(await stream.below(2 ** 32)).toBe(block.readUInt32BE(4));
  });

  it('gives the same draw for the same seed, within range', async () => {
    const spec = { kind: 'with-replacement', count: 5, min: 0, max: 9 } as const;
    const first = await drawFromSeed(spec, seed);
    expect(await drawFromSeed(spec, seed)).toEqual(first);
    expect(first.every((digit) => digit >= 0 && digit <= 9)).toBe(true);
  });

  it('draws distinct numbers without replacement (a race order is a permutation)', async () => {
    const race = await drawFromSeed({ kind: 'without-replacement', count: 10, min: 1, max: 10 }, seed);
    expect([...race].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const five = await drawFromSeed({ kind: 'without-replacement', count: 5, min: 1, max: 11 }, seed);
    expect(new Set(five).size).toBe(5);
  });

  it('spreads evenly (each digit within 4 sigma of its share over 20,000 draws)', async () => {
    const counts = new Array<number>(10).fill(0);
    const stream = new SeedStream(randomBytes(32).toString('hex'));
    for (let index = 0; index < 20_000; index += 1) {
      const digit = await stream.below(10);
      counts[digit] = (counts[digit] ?? 0) + 1;
    }
    for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(4 * Math.sqrt(2000 * 0.9));
  });
});
