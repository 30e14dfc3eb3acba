import { cryptoRng } from '../../apps/server/src/lib/rng.js';
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

export const generators: RngGenerator[] = [slotStops('96')];
