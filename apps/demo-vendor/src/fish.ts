import type { RoundDetail } from '@platform/contract';

/**
 * The fishing shooter's rules: each shot is one bet on one fish; a fish worth `multiplier` times the
 * stake is caught with probability 0.96 / multiplier (drawn with crypto.randomInt over a whole number
 * of cases, so exactly), which makes every shot return 96% of its stake on average, whatever the fish.
 */

export const fishTargets = [
  { id: 'minnow', multiplier: 2 },
  { id: 'carp', multiplier: 5 },
  { id: 'catfish', multiplier: 12 },
  { id: 'turtle', multiplier: 30 },
  { id: 'dragon', multiplier: 100 },
] as const;
export type FishId = (typeof fishTargets)[number]['id'];

/** Return to player of every shot, in hundredths. */
export const FISH_RETURN_PERCENT = 96;

export const isFishId = (value: string): value is FishId => fishTargets.some((fish) => fish.id === value);

export interface ShotOutcome {
  fish: FishId;
  multiplier: number;
  caught: boolean;
  /** minor units */
  win: bigint;
}

/** One shot: caught when a uniform draw over 100 × multiplier cases falls in the first 96. */
export function shoot(fish: FishId, stakeMinor: bigint, pick: (exclusiveMax: number) => number): ShotOutcome {
  const target = fishTargets.find((item) => item.id === fish);
  if (!target) throw new Error(`no fish ${fish}`);
  const caught = pick(100 * target.multiplier) < FISH_RETURN_PERCENT;
  return {
    fish,
    multiplier: target.multiplier,
    caught,
    win: caught ? stakeMinor * BigInt(target.multiplier) : 0n,
  };
}

/** What the shot did, for the player's betting record: one shot, and the fish when it was caught. */
export const shotRoundDetail = (outcome: ShotOutcome): RoundDetail => ({
  kind: 'fish',
  shots: 1,
  catches: outcome.caught ? [{ target: outcome.fish, multiplier: String(outcome.multiplier) }] : [],
});
