import { cryptoRng } from '../../apps/server/src/lib/rng.js';
import { crashPoint, hashChain } from '../../apps/server/src/modules/inhouse/fair/crash.js';
import { DICE_ROLL_VALUES, diceRoll } from '../../apps/server/src/modules/inhouse/fair/dice.js';
import { drawStops } from '../../apps/server/src/modules/inhouse/slot/evaluate.js';
import { slotVariants } from '../../apps/server/src/modules/inhouse/slot/variants.js';

/**
 * Every in-house generator `npm run rng:test` checks: each draws its outputs through the same code the
 * game plays with (node:crypto, scaled by the game), never a copy of it. A generator gives one or more
 * streams of outputs: a slot spin gives one stop per reel, each reel a stream of its own (its own
 * range). Add a game's generator here and the runner tests it.
 */
export interface RngStream {
  name: string;
  /** outputs are integers in [0, categories) */
  categories: number;
  /** each output's chance; omitted: all equal (outputs mapped through a distribution go here) */
  expected?: readonly number[];
  values: Int32Array;
}

export interface RngGenerator {
  name: string;
  /** `count` outputs of each of the generator's streams */
  draw(count: number): RngStream[] | Promise<RngStream[]>;
}

/** The slot's reel stops, drawn as a spin draws them (crypto.randomInt over each strip). */
function slotStops(variantId: keyof typeof slotVariants): RngGenerator {
  const { strips } = slotVariants[variantId];
  return {
    name: `slot reel stops (Royal Bengal Reels, RTP variant ${variantId})`,
    draw(count) {
      const streams = strips.map(() => new Int32Array(count));
      for (let spin = 0; spin < count; spin += 1) {
        drawStops(strips, (length) => cryptoRng.int(0, length)).forEach((stop, reel) => {
          (streams[reel] as Int32Array)[spin] = stop;
        });
      }
      return streams.map((values, reel) => ({
        name: `reel ${reel + 1} (stops 0 to ${(strips[reel]?.length ?? 0) - 1})`,
        categories: strips[reel]?.length ?? 0,
        values,
      }));
    },
  };
}

/**
 * Dice rolls as members roll them: a server seed from node:crypto per pair, a client seed, the nonce
 * counting bets (a new pair every 1,000 bets, as a player rotates), each roll 0.00 to 100.00: 10001
 * outcomes, each as likely.
 */
const diceRolls: RngGenerator = {
  name: 'dice rolls (HMAC_SHA256(server seed, client:nonce:0), 0.00 to 100.00)',
  draw(count) {
    const values = new Int32Array(count);
    let serverSeed = '';
    let clientSeed = '';
    for (let index = 0; index < count; index += 1) {
      const nonce = index % 1_000;
      if (nonce === 0) {
        serverSeed = cryptoRng.bytes(32).toString('hex');
        clientSeed = cryptoRng.bytes(8).toString('hex');
      }
      values[index] = diceRoll(serverSeed, clientSeed, nonce);
    }
    return [{ name: 'roll in hundredths (10001 outcomes)', categories: DICE_ROLL_VALUES, values }];
  },
};

/**
 * Crash points bucketed by their distribution: P(point ≥ k) = 0.99 / k for k ≥ 1.01 (the 1% edge), so a
 * bucket [a, b) is expected with 0.99/a − 0.99/b, and the first (an instant crash, below 1.01) with
 * 1 − 0.99/1.01. The points come from hash chains as the game makes them (10,000 seeds per chain from
 * a node:crypto origin, a random salt per chain).
 */
export const CRASH_BUCKET_EDGES = [
  101, 105, 110, 120, 130, 150, 175, 200, 250, 300, 400, 500, 700, 1_000, 1_500, 2_000, 3_000, 5_000, 10_000,
  20_000, 50_000, 100_000,
];
export function crashBucketChances(): number[] {
  const survive = (hundredths: number) => 99 / hundredths;
  const chances = [1 - survive(CRASH_BUCKET_EDGES[0] as number)];
  for (let index = 1; index < CRASH_BUCKET_EDGES.length; index += 1) {
    chances.push(
      survive(CRASH_BUCKET_EDGES[index - 1] as number) - survive(CRASH_BUCKET_EDGES[index] as number),
    );
  }
  chances.push(survive(CRASH_BUCKET_EDGES.at(-1) as number));
  return chances;
}
export const crashBucketOf = (point: bigint): number => {
  const index = CRASH_BUCKET_EDGES.findIndex((edge) => point < BigInt(edge));
  return index === -1 ? CRASH_BUCKET_EDGES.length : index;
};

const crashPoints: RngGenerator = {
  name: 'crash points (hash chains of 10,000 seeds, HMAC_SHA256(seed, salt), bucketed by their distribution)',
  draw(count) {
    const values = new Int32Array(count);
    const CHAIN = 10_000;
    for (let from = 0; from < count; from += CHAIN) {
      const { seeds } = hashChain(cryptoRng.bytes(32).toString('hex'), Math.min(CHAIN, count - from));
      const salt = cryptoRng.bytes(16).toString('hex');
      seeds.forEach((seed, index) => {
        values[from + index] = crashBucketOf(crashPoint(seed, salt));
      });
    }
    return [
      {
        name: `crash point bucket (${CRASH_BUCKET_EDGES.length + 1} buckets from 1.00 to 1000.00 and above)`,
        categories: CRASH_BUCKET_EDGES.length + 1,
        expected: crashBucketChances(),
        values,
      },
    ];
  },
};

export const generators: RngGenerator[] = [slotStops('96'), diceRolls, crashPoints];
