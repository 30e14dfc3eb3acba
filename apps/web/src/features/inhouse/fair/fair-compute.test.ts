import { describe, expect, it } from 'vitest';
import { diceSeedHash, verifyCrash, verifyDice } from './fair-compute';

/** The same vectors as the server's test, computed with openssl and python (see fair/fair.test.ts there). */
describe('the browser computation', () => {
  const serverSeed = '3f2b6a1c9d8e7f6051423324150617283940a1b2c3d4e5f60718293a4b5c6d7e';
  const seed = '4ad7c9b9a2c8e6f2e0f3b3a5d6c7e8f9a0b1c2d3e4f5061728394a5b6c7d8e9f';

  it('rolls dice', async () => {
    expect((await verifyDice(serverSeed, 'player-seed', 0)).result).toBe('13.38');
    const steps = (await verifyDice(serverSeed, 'player-seed', 41)).steps;
    expect(steps.find((step) => step.name === 'hmac')?.value.slice(0, 8)).toBe('c9aac5f2');
    expect(steps.at(-1)?.value).toBe('78.78');
  });

  it('hashes a seed as text', async () => {
    // echo -n abc | sha256sum
    expect(await diceSeedHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('gives crash points', async () => {
    expect((await verifyCrash(seed, 'khela')).result).toBe('2.67');
    expect(
      (await verifyCrash(seed, '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c')).result,
    ).toBe('74.35');
    expect((await verifyCrash(seed, 'salt-94')).result).toBe('1.00');
    const steps = (await verifyCrash(seed, 'khela')).steps;
    // the chain: SHA-256 of the seed's bytes is the round before's seed
    expect(steps[0]?.value).toBe('8b04d3baa97a631da484a98ab147b8ebfe67fcc53bb1b1055f88386c17e8e843');
  });
});
