import { describe, expect, it } from 'vitest';
import {
  crashAfterMs,
  crashBits,
  crashPoint,
  crashPointOfBits,
  hashChain,
  multiplierAt,
  sha256Hex,
} from './crash.js';
import {
  diceBytes,
  dicePayout,
  diceRoll,
  diceWin,
  diceWinningRolls,
  diceWins,
  hundredthsText,
} from './dice.js';

/**
 * The vectors below were computed apart from this code, with openssl and python:
 *
 *   echo -n 'player-seed:0:0' | openssl dgst -sha256 -hmac "$SERVER_SEED"
 *   python3 -c "h='22425225...'; u=int(h[:8],16); print(u, (u*10001)//2**32)"
 *
 *   echo -n "$SALT" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$SEED
 *   python3 -c "r=int(h[:13],16); print(max(100, (99*2**52)//(2**52-r)))"
 *
 *   echo -n $SEED | xxd -r -p | openssl dgst -sha256          (each link of the chain)
 */
const SERVER_SEED = '3f2b6a1c9d8e7f6051423324150617283940a1b2c3d4e5f60718293a4b5c6d7e';
const SEED = '4ad7c9b9a2c8e6f2e0f3b3a5d6c7e8f9a0b1c2d3e4f5061728394a5b6c7d8e9f';

describe('dice', () => {
  it('rolls as the hand-computed vectors say', () => {
    // HMAC 22425225… → u = 574771749 → floor(u × 10001 / 2^32) = 1338
    expect(diceRoll(SERVER_SEED, 'player-seed', 0)).toBe(1338);
    // 38bdcf89… → 951963529 → 2216
    expect(diceRoll(SERVER_SEED, 'player-seed', 1)).toBe(2216);
    // c9aac5f2… → 3383412210 → 7878
    expect(diceRoll(SERVER_SEED, 'player-seed', 41)).toBe(7878);
    expect(hundredthsText(1338)).toBe('13.38');
    expect(hundredthsText(7878)).toBe('78.78');
    expect(hundredthsText(10000)).toBe('100.00');
  });

  it('takes cursor 1 after the first 32 bytes', () => {
    const bytes = diceBytes(SERVER_SEED, 'player-seed', 0, 36);
    expect(bytes.subarray(0, 4).toString('hex')).toBe('22425225');
    // cursor 1's HMAC is 402aa201…
    expect(bytes.subarray(32, 36).toString('hex')).toBe('402aa201');
  });

  it('pays (100 − edge) / win chance, over or under, never more than stated', () => {
    // under 50.00: rolls 0.00 to 49.99 win, 5000 of 10001
    expect(diceWinningRolls(5000, 'under')).toBe(5000);
    expect(diceWinningRolls(5000, 'over')).toBe(5000);
    expect(diceWins(4999, 5000, 'under')).toBe(true);
    expect(diceWins(5000, 5000, 'under')).toBe(false);
    expect(diceWins(5000, 5000, 'over')).toBe(false);
    expect(diceWins(5001, 5000, 'over')).toBe(true);
    // 99 × 10001 / 5000 / 100 = 1.98019.. → 1.9801 (ten-thousandths, down)
    expect(dicePayout(5000, 100)).toBe(19801n);
    expect(diceWin(10_000n, 19801n)).toBe(19_801n);
    // The return is at most 1 − edge at every chance.
    for (const rolls of [100, 777, 5000, 9800]) {
      const payout = dicePayout(rolls, 100);
      expect(Number(payout) * rolls).toBeLessThanOrEqual(0.99 * 10001 * 10000);
      expect(Number(payout + 1n) * rolls).toBeGreaterThan(0.99 * 10001 * 10000);
    }
  });
});

describe('crash', () => {
  it('gives the hand-computed crash points', () => {
    const salt = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
    // HMAC fc975d0528cd8… → r = 4443632494087384 → 74.35×
    expect(crashBits(SEED, salt)).toBe(4443632494087384n);
    expect(crashPoint(SEED, salt)).toBe(7435n);
    // a16401a8a718b… → 2839214346105227 → 2.67×
    expect(crashPoint(SEED, 'khela')).toBe(267n);
    // 04639a7d8755b: X < 0.01, so 99 / (1 − X) < 100: the round crashes at once, at 1.00×
    expect(crashPoint(SEED, 'salt-94')).toBe(100n);
  });

  it('is exact at the edges of the formula', () => {
    expect(crashPointOfBits(0n)).toBe(100n);
    // X = 1/2: 99 / 0.5 = 198 → 1.98×
    expect(crashPointOfBits(2n ** 51n)).toBe(198n);
    // X = 1 − 2^-52 (the largest): 99 · 2^52
    expect(crashPointOfBits(2n ** 52n - 1n)).toBe(99n * 2n ** 52n);
  });

  it('chains each seed to the SHA-256 of the next and publishes the last hash', () => {
    const { seeds, commitment } = hashChain(SEED, 3);
    expect(seeds).toEqual([
      '430ce4d65d93a23385951066b3df97ec9c3da78b7a1e2711705402f574f5c094',
      '8b04d3baa97a631da484a98ab147b8ebfe67fcc53bb1b1055f88386c17e8e843',
      SEED,
    ]);
    expect(commitment).toBe('f02cab0c8776047292d5bc853db4f4bebc96d590e2a26d62f2c90fdddcaf0f38');
    expect(sha256Hex(seeds[1] as string)).toBe(seeds[0]);
    expect(() => hashChain('not hex', 3)).toThrow();
  });

  it('rises from 1.00× and crashes at the first millisecond the multiplier reaches the point', () => {
    expect(multiplierAt(0)).toBe(100n);
    expect(multiplierAt(-5)).toBe(100n);
    // e^(0.00006 × 11553) = 2.0000.. → 2.00×
    expect(multiplierAt(11_553)).toBe(200n);
    expect(multiplierAt(11_552)).toBe(199n);
    expect(crashAfterMs(200n)).toBe(11_553);
    expect(crashAfterMs(100n)).toBe(0);
    for (const point of [101n, 267n, 7435n, 1_000_000n]) {
      const at = crashAfterMs(point);
      expect(multiplierAt(at)).toBeGreaterThanOrEqual(point);
      expect(multiplierAt(at - 1)).toBeLessThan(point);
    }
  });
});
