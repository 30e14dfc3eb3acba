import { createHmac } from 'node:crypto';

/**
 * Provably fair dice (issue 12), the rule players already verify elsewhere. Outcome bytes are
 * HMAC_SHA256(key = the server seed as text, message = `client_seed:nonce:cursor` as text); cursor 0, 1,
 * ... give 32 bytes each, taken in order. A float is made of 4 bytes as b0/256 + b1/256^2 + b2/256^3 +
 * b3/256^4, and the roll is floor(float × 10001) / 100, from 0.00 to 100.00.
 *
 * Everything here is integer arithmetic: the float's 4 bytes are the integer u = b0·2^24 + ... + b3, so
 * floor(float × 10001) = floor(u × 10001 / 2^32), exact in a double (u × 10001 < 2^46).
 */

/** The roll's range in hundredths: 0 (0.00) to 10000 (100.00). */
export const DICE_ROLL_MAX = 10_000;

/** The outcome bytes of one bet from `offset`, as many as asked (cursor advanced every 32 bytes). */
export function diceBytes(serverSeed: string, clientSeed: string, nonce: number, count: number): Buffer {
  const blocks: Buffer[] = [];
  for (let cursor = 0; blocks.length * 32 < count; cursor += 1) {
    blocks.push(createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, count);
}

/** The first float of a bet, as the integer numerator over 2^32 of its 4 bytes. */
export function diceFloatNumerator(serverSeed: string, clientSeed: string, nonce: number): number {
  return diceBytes(serverSeed, clientSeed, nonce, 4).readUInt32BE(0);
}

/** The roll in hundredths: 0 to 10000 (0.00 to 100.00). */
export function diceRoll(serverSeed: string, clientSeed: string, nonce: number): number {
  const u = diceFloatNumerator(serverSeed, clientSeed, nonce);
  return Math.floor((u * (DICE_ROLL_MAX + 1)) / 2 ** 32);
}

/** Hundredths as text with two decimals: 5012 → '50.12'. */
export function hundredthsText(value: number | bigint): string {
  const whole = BigInt(value);
  return `${(whole / 100n).toString()}.${(whole % 100n).toString().padStart(2, '0')}`;
}

export type DiceDirection = 'over' | 'under';

/** A roll is one of 10001 values (0.00 to 100.00), each as likely. */
export const DICE_ROLL_VALUES = DICE_ROLL_MAX + 1;

/**
 * A bet over or under a target (hundredths): over wins when the roll is above the target, under when it
 * is below; a roll equal to the target loses both ways.
 */
export function diceWins(roll: number, target: number, direction: DiceDirection): boolean {
  return direction === 'over' ? roll > target : roll < target;
}

/** How many of the 10001 rolls win: over t wins on t+1 to 10000, under t on 0 to t−1. */
export function diceWinningRolls(target: number, direction: DiceDirection): number {
  return direction === 'over' ? DICE_ROLL_MAX - target : target;
}

/**
 * The payout multiplier (100 − edge) / win chance in ten-thousandths (rounded down, so the edge is never
 * less than stated), with the exact win chance: winning rolls × 100 / 10001 percent. edge in hundredths of
 * a percent (100 = 1%). Then (1 − edge) = chance × payout, to the rounding.
 */
export function dicePayout(winningRolls: number, edge: number): bigint {
  if (winningRolls <= 0) throw new Error('dice: a bet that cannot win pays nothing');
  return (BigInt(DICE_ROLL_MAX - edge) * BigInt(DICE_ROLL_VALUES)) / BigInt(winningRolls);
}

/** The win chance in hundredths of a percent, rounded to nearest, as shown: 4950 → '49.50'. */
export function diceChanceHundredths(winningRolls: number): number {
  return Math.round((winningRolls * DICE_ROLL_MAX) / DICE_ROLL_VALUES);
}

/** What a winning stake pays back (stake included), rounded down to a minor unit. */
export function diceWin(stake: bigint, payout: bigint): bigint {
  return (stake * payout) / 10_000n;
}
